import type { LanguageChoice } from './language'

/**
 * The preferences a visitor chooses (SPEC 2 and 3): theme, font, the six effect toggles and the
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
 * What the account keeps: the theme as chosen (null: never chosen), the font, the effects and
 * the language as chosen ('system': the browser's languages).
 */
export interface ChosenPreferences {
  theme: Theme | null
  font: Font
  effects: Effects
  language: LanguageChoice
}

export const samePreferences = (a: ChosenPreferences, b: ChosenPreferences) =>
  a.theme === b.theme &&
  a.font === b.font &&
  a.language === b.language &&
  EFFECT_NAMES.every((name) => a.effects[name] === b.effects[name])
