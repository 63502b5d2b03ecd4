import { useId } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'
import { useStrings } from '@client/lib/i18n/i18n'
import { preferenceActions, usePreferences } from '@client/lib/preferences/preferences'
import { LANGUAGE_CHOICES, type LanguageChoice } from '@shared/language'
import {
  EFFECT_NAMES,
  FONTS,
  THEMES,
  type EffectName,
  type Font,
  type Theme,
} from '@shared/preferences'

type Labels<T extends string> = Record<T, { label: string; hint: string }>

/** The Settings page's words (docs/architecture.md "Languages"). */
export const SETTINGS = {
  title: 'Settings',
  tagline:
    'Make Mofu yours: theme, font and the little effects. Saved in this browser, and with your account while you are signed in.',
  appearance: 'Appearance',
  theme: 'Theme',
  themes: {
    light: { label: 'Light', hint: 'Cream and sakura, airy' },
    dark: { label: 'Dark', hint: 'Night indigo (default)' },
    system: { label: 'System', hint: 'Follows your device, live' },
  } satisfies Labels<Theme>,
  font: 'Font',
  fonts: {
    orbitron: { label: 'Orbitron', hint: 'Futuristic headings (default)' },
    default: { label: 'Default', hint: 'Your system font everywhere' },
  } satisfies Labels<Font>,
  language: 'Language',
  languages: {
    en: { label: 'English', hint: 'Everything in English' },
    ja: { label: '日本語', hint: 'Everything in Japanese' },
    system: { label: 'System', hint: "Follows your browser's languages" },
  } satisfies Labels<LanguageChoice>,
  effects: 'Effects',
  stillEffects: 'Effects stay still when your device asks for reduced motion.',
  effectLabels: {
    sidebarHoverEffect: {
      label: 'Sidebar hover',
      hint: 'Links slide and wiggle under the pointer',
    },
    hamburgerBounce: { label: 'Menu-button bounce', hint: 'The menu button bounces when tapped' },
    dragParticleEffect: { label: 'Drag particles', hint: 'Sakura petals trail your drags' },
    folderOpenEffect: {
      label: 'Folder open',
      hint: 'The account panel and the board’s folders unfold as they open',
    },
    filterJumpEffect: { label: 'Filter jump', hint: 'A chosen filter chip hops' },
    fullStatePersistence: {
      label: 'Full-state persistence',
      hint: 'Remember small choices, like the Home filter and where you were on the board, across visits',
    },
  } satisfies Labels<EffectName>,
}

function Choice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  langs = {},
}: {
  legend: string
  options: readonly T[]
  labels: Labels<T>
  value: T | null
  onChange: (value: T) => void
  /** The language an option's label is written in, when it is not the page's. */
  langs?: Partial<Record<T, string>>
}) {
  const name = useId()
  return (
    <fieldset>
      <legend className="font-semibold text-ink">{legend}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option}
            htmlFor={`${name}-${option}`}
            className="flex cursor-pointer flex-col rounded-2xl border-2 border-line bg-raised px-4 py-3 transition-colors has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-3 has-focus-visible:outline-focus"
          >
            <span className="flex items-center gap-2 font-medium text-ink">
              <input
                id={`${name}-${option}`}
                type="radio"
                name={name}
                value={option}
                aria-labelledby={`${name}-${option}-label`}
                aria-describedby={`${name}-${option}-hint`}
                checked={value === option}
                onChange={() => onChange(option)}
                className="accent-sakura-600"
              />
              <span id={`${name}-${option}-label`} lang={langs[option]}>
                {labels[option].label}
              </span>
            </span>
            <span id={`${name}-${option}-hint`} className="mt-1 text-sm text-ink-muted">
              {labels[option].hint}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function SettingsPage() {
  const preferences = usePreferences()
  // Until a theme is chosen the darkMode cookie decides; show that as Dark or Light.
  const theme = preferences.theme ?? (preferences.dark ? 'dark' : 'light')
  const strings = useStrings('settings', SETTINGS)
  return (
    <div className="space-y-10">
      <PageHero
        title={strings.title}
        tagline={strings.tagline}
        art={<MofuMascot mood="calm" size={112} />}
      />
      <PageSection title={strings.appearance}>
        <div className="space-y-6">
          <Choice
            legend={strings.theme}
            options={THEMES}
            labels={strings.themes}
            value={theme}
            onChange={(value) => preferenceActions.choose('theme', value)}
          />
          <Choice
            legend={strings.font}
            options={FONTS}
            labels={strings.fonts}
            value={preferences.font}
            onChange={(value) => preferenceActions.choose('font', value)}
          />
        </div>
      </PageSection>
      <PageSection title={strings.language}>
        <Choice
          legend={strings.language}
          options={LANGUAGE_CHOICES}
          labels={strings.languages}
          value={preferences.language}
          onChange={(value) => preferenceActions.choose('language', value)}
          langs={{ en: 'en', ja: 'ja' }}
        />
      </PageSection>
      <PageSection title={strings.effects}>
        <p>{strings.stillEffects}</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {EFFECT_NAMES.map((name) => (
            <li key={name}>
              <label className="flex cursor-pointer items-start justify-between gap-4 rounded-2xl border border-line bg-raised px-4 py-3">
                <span>
                  <span id={`effect-${name}`} className="block font-medium text-ink">
                    {strings.effectLabels[name].label}
                  </span>
                  <span id={`effect-${name}-hint`} className="block text-sm text-ink-muted">
                    {strings.effectLabels[name].hint}
                  </span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  name={name}
                  aria-labelledby={`effect-${name}`}
                  aria-describedby={`effect-${name}-hint`}
                  checked={preferences.effects[name]}
                  onChange={(event) => preferenceActions.setEffect(name, event.target.checked)}
                  className="peer sr-only"
                />
                <span
                  aria-hidden="true"
                  className="relative mt-1 h-6 w-11 shrink-0 rounded-full bg-night-600/40 transition-colors peer-checked:bg-sakura-600 peer-focus-visible:outline-3 peer-focus-visible:outline-focus after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
                />
              </label>
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  )
}
