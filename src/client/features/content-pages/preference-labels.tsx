import type { ReactNode } from 'react'
import type { PreferenceName } from '@shared/preferences'
import type { RichText } from '@client/components/page-section'

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

/** What each preference's local storage key remembers: its row of the cookies page's storage table. */
export const PREFERENCE_STORAGE_ROWS: Record<PreferenceName, (rich: RichText) => ReactNode> = {
  theme: ({ key }: RichText): ReactNode => (
    <>
      Your theme: {key('light')}, {key('dark')} or {key('system')} (follow your device).
    </>
  ),
  font: ({ key }: RichText): ReactNode => (
    <>
      Your heading font: {key('orbitron')} or {key('default')}.
    </>
  ),
  effects: () =>
    'The six effect switches: sidebar hover, menu-button bounce, drag particles, folder open, filter jump and full-state persistence.',
  language: ({ key }: RichText): ReactNode => (
    <>
      Your language: {key('en')}, {key('ja')} or {key('system')} (follow your browser).
    </>
  ),
}
