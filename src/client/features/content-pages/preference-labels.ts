import type { PreferenceName } from '@shared/preferences'

/**
 * The preferences an account keeps, as the privacy and cookies pages name them in a sentence
 * (docs/using.md "Preferences"): one entry per PREFERENCE_NAMES, so a new one is named on both.
 */
export const PREFERENCE_LABELS: Record<PreferenceName, string> = {
  theme: 'theme',
  font: 'heading font',
  effects: 'effect switches',
  language: 'language',
}
