import type { LanguageChoice } from './language'

/**
 * The preferences a visitor chooses: theme, font, the six effect toggles and the
 * interface language (docs/architecture.md "Languages"). Kept
 * in the browser, and with the account while signed in (docs/using.md "Preferences"). No zod here: the
 * pre-paint script inlined into index.html imports these names and must stay tiny.
 */

export const FONTS = ['orbitron', 'default'] as const
export type Font = (typeof FONTS)[number]
export const DEFAULT_FONT: Font = 'orbitron'

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

/**
 * What the account keeps: only the preferences a browser has chosen (docs/using.md "Preferences"), each
 * absent until chosen, so an account whose browsers never chose a font keeps the stored default.
 * 'system' is a chosen language (the browser's languages); the effects travel as one choice.
 */
export interface KeptPreferences {
  theme?: Theme
  font?: Font
  effects?: Effects
  language?: LanguageChoice
}

export const PREFERENCE_NAMES = ['theme', 'font', 'effects', 'language'] as const
export type PreferenceName = (typeof PREFERENCE_NAMES)[number]
