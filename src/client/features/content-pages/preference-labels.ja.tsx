import type { ReactNode } from 'react'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { PREFERENCE_LABELS, PREFERENCE_STORAGE_ROWS } from './preference-labels'

/** The Japanese of PREFERENCE_LABELS (docs/architecture.md "Languages"), beside its English. */
export const PREFERENCE_LABELS_JA: Translation<typeof PREFERENCE_LABELS> = {
  theme: 'テーマ',
  font: '見出しのフォント',
  effects: 'エフェクトのスイッチ',
  language: '言語',
}

/** The Japanese of PREFERENCE_STORAGE_ROWS. */
export const PREFERENCE_STORAGE_ROWS_JA: Translation<typeof PREFERENCE_STORAGE_ROWS> = {
  theme: ({ key }: RichText): ReactNode => (
    <>
      テーマ：{key('light')}、{key('dark')}、{key('system')}（デバイスに合わせる）のいずれか。
    </>
  ),
  font: ({ key }: RichText): ReactNode => (
    <>
      見出しのフォント：{key('orbitron')}または{key('default')}。
    </>
  ),
  effects: () =>
    '6つのエフェクトのスイッチ：サイドバーのホバー、メニューボタンのバウンド、ドラッグのパーティクル、フォルダーの開き、フィルターのジャンプ、状態をすべて保存。',
  language: ({ key }: RichText): ReactNode => (
    <>
      言語：{key('en')}、{key('ja')}、{key('system')}（ブラウザに合わせる）のいずれか。
    </>
  ),
}
