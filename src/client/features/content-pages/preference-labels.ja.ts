import type { Translation } from '@client/lib/i18n/i18n'
import type { PREFERENCE_LABELS } from './preference-labels'

/** The Japanese of PREFERENCE_LABELS (docs/architecture.md "Languages"), beside its English. */
export const PREFERENCE_LABELS_JA: Translation<typeof PREFERENCE_LABELS> = {
  theme: 'テーマ',
  font: '見出しのフォント',
  effects: 'エフェクトのスイッチ',
  language: '言語',
}
