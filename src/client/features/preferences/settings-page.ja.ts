import type { Translation } from '@client/lib/i18n/i18n'
import type { SETTINGS } from './settings-page'

/** The Japanese of SETTINGS (docs/architecture.md "Languages"), beside its English. */
export const SETTINGS_JA: Translation<typeof SETTINGS> = {
  title: '設定',
  tagline:
    'テーマやフォント、ちょっとしたエフェクトで、Mofuを自分好みに。このブラウザに保存され、ログイン中はアカウントにも保存されます。',
  appearance: '見た目',
  theme: 'テーマ',
  themes: {
    light: { label: 'ライト', hint: 'クリームと桜色で、軽やかに' },
    dark: { label: 'ダーク', hint: '夜のインディゴ（標準）' },
    system: { label: 'システム', hint: 'デバイスの設定にすぐ合わせます' },
  },
  font: 'フォント',
  fonts: {
    orbitron: { label: 'Orbitron', hint: '近未来的な見出し（標準）' },
    default: { label: 'デフォルト', hint: 'どこでもシステムのフォント' },
  },
  language: '言語',
  languages: {
    en: { label: 'English', hint: 'すべて英語で表示します' },
    ja: { label: '日本語', hint: 'すべて日本語で表示します' },
    system: { label: 'システム', hint: 'ブラウザの言語設定に合わせます' },
  },
  effects: 'エフェクト',
  stillEffects: 'デバイスで「視差効果を減らす」が設定されているときは、エフェクトは動きません。',
  effectLabels: {
    sidebarHoverEffect: {
      label: 'サイドバーのホバー',
      hint: 'ポインターを重ねるとリンクがすべって揺れます',
    },
    hamburgerBounce: {
      label: 'メニューボタンのバウンド',
      hint: 'タップするとメニューボタンが弾みます',
    },
    dragParticleEffect: {
      label: 'ドラッグのパーティクル',
      hint: 'ドラッグすると桜の花びらがついてきます',
    },
    folderOpenEffect: {
      label: 'フォルダーの開き',
      hint: 'アカウントパネルやボードのフォルダーがふわっと開きます',
    },
    filterJumpEffect: {
      label: 'フィルターのジャンプ',
      hint: '選んだフィルターがぴょんと跳ねます',
    },
    fullStatePersistence: {
      label: '状態をすべて保存',
      hint: 'ホームのフィルターやボードで見ていた場所など、ちょっとした選択を次の訪問でも覚えておきます',
    },
  },
}
