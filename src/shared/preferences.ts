import { LANGUAGE_CHOICES } from './language'

/**
 * The preferences a visitor chooses: theme, font, the six effect toggles and the interface
 * language (docs/architecture.md "Languages"). Kept in the browser, and with the account while
 * signed in (docs/using.md "Preferences"). No zod here: the pre-paint script inlined into
 * index.html imports these names and must stay tiny.
 */

export const FONTS = ['orbitron', 'default'] as const
export type Font = (typeof FONTS)[number]
export const DEFAULT_FONT: Font = 'orbitron'
/**
 * The font a profile answers while its account has chosen none: the spec's stored default,
 * where a browser with no choice of its own shows DEFAULT_FONT.
 */
export const STORED_FONT_DEFAULT: Font = 'default'

export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

export const EFFECT_NAMES = [
  'sidebarHoverEffect',
  'hamburgerBounce',
  'dragParticleEffect',
  'folderOpenEffect',
  'filterJumpEffect',
  'fullStatePersistence',
] as const
export type EffectName = (typeof EFFECT_NAMES)[number]
export type Effects = Record<EffectName, boolean>

export const DEFAULT_EFFECTS: Effects = {
  sidebarHoverEffect: true,
  hamburgerBounce: true,
  dragParticleEffect: true,
  folderOpenEffect: true,
  filterJumpEffect: true,
  fullStatePersistence: true,
}

/** A preference that is one value of a list, stored as that value. */
interface OneOf<T extends string> {
  readonly storageKey: string
  readonly values: readonly T[]
  /**
   * What a browser shows until it chooses one. Null: nothing until chosen (the theme, whose
   * place the darkMode cookie takes), and an account that sends null keeps nothing.
   */
  readonly fallback: T | null
}

/** A preference of named switches, stored as a JSON object; a switch not stored is on its fallback. */
interface Switches<N extends string> {
  readonly storageKey: string
  readonly switches: readonly N[]
  readonly fallback: Readonly<Record<N, boolean>>
}

export type PreferenceKind = OneOf<string> | Switches<string>

/**
 * Every preference, once (docs/architecture.md "Adding a preference"): its values, what a browser
 * shows until it chooses, and its local storage key. The account keeps each one a browser chose,
 * and the schemas (profile.ts), the browser's storage and its sync with the account
 * (client/lib/preferences) and the cookies page's storage table derive from this list. What is
 * kept in a browser alone (the board's view, the UI state) is not a preference.
 */
export const PREFERENCES = {
  theme: { storageKey: 'theme', values: THEMES, fallback: null },
  font: { storageKey: 'font', values: FONTS, fallback: DEFAULT_FONT },
  effects: { storageKey: 'action-settings', switches: EFFECT_NAMES, fallback: DEFAULT_EFFECTS },
  language: { storageKey: 'language', values: LANGUAGE_CHOICES, fallback: 'system' },
} as const satisfies Record<string, PreferenceKind>

export type PreferenceName = keyof typeof PREFERENCES
export const PREFERENCE_NAMES = Object.keys(PREFERENCES) as PreferenceName[]

type ValueOf<P> = P extends { switches: readonly (infer N extends string)[] }
  ? Record<N, boolean>
  : P extends { values: readonly (infer T)[] }
    ? T
    : never

/** Each preference's value once chosen. */
export type PreferenceValues = { [N in PreferenceName]: ValueOf<(typeof PREFERENCES)[N]> }

/** Each preference as a browser shows it: chosen, or its fallback. */
export type ShownPreferences = {
  [N in PreferenceName]: PreferenceValues[N] | (typeof PREFERENCES)[N]['fallback']
}

/**
 * What the account keeps: only the preferences a browser has chosen (docs/using.md
 * "Preferences"), each absent until chosen, so an account whose browsers never chose a font keeps
 * the stored default. 'system' is a chosen language (the browser's languages); the effects travel
 * as one choice.
 */
export type KeptPreferences = Partial<PreferenceValues>
