import { Fragment, useId, type CSSProperties, type ReactNode } from 'react'
import {
  ACCENT_NAMES,
  ACCENTS,
  BIO_MAX_LENGTH,
  FRAMES,
  PROFILE_FIELD_NAMES,
  PRONOUNS_MAX_LENGTH,
  type Accent,
  type ProfileField,
} from '@shared/profile-fields'
import { Field } from '@client/components/ui'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { AvatarFrame } from './avatar/avatar-frame'
import type { FieldsDraft } from './fields-draft'
import { LinksEditor } from './links-editor'
import { PROFILE } from './strings'

/** Characters as the server counts them: line breaks as one, the ends trimmed. */
const characters = (text: string) => [...text.replace(/\r\n?/g, '\n').trim()].length

type Problems = Partial<Record<string, string>>

const INPUT_CLASS =
  'rounded-xl border border-line bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted/70 focus:border-accent'

const CHOICE_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-2xl border-2 border-line bg-raised px-3 py-2 text-sm font-medium text-ink transition-colors has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-3 has-focus-visible:outline-focus'

/**
 * The bio, pronouns, links, accent colour, avatar frame and search engines' choice in the edit
 * form (docs/using.md "Profile fields"). Each shows its own problem under it, from the shared
 * schema or the server.
 */
export function ProfileFieldsEditor({
  draft,
  problems,
  onChange,
}: {
  draft: FieldsDraft
  problems: Problems
  onChange: (draft: FieldsDraft, edited: string) => void
}) {
  const strings = useStrings('profile', PROFILE).editor
  const edit = <Key extends keyof FieldsDraft>(key: Key, value: FieldsDraft[Key]) =>
    onChange({ ...draft, [key]: value }, key)
  // One input a field, shown in the order of PROFILE_FIELDS: a field added there has one here.
  const inputs: Record<ProfileField, ReactNode> = {
    bio: <BioField value={draft.bio} problem={problems.bio} onChange={(bio) => edit('bio', bio)} />,
    pronouns: (
      <Field
        label={strings.pronouns}
        name="pronouns"
        maxLength={PRONOUNS_MAX_LENGTH * 2}
        value={draft.pronouns}
        problem={problems.pronouns}
        onChange={(event) => edit('pronouns', event.target.value)}
      />
    ),
    links: (
      <LinksEditor
        links={draft.links}
        problems={problems}
        onChange={(links, edited) => onChange({ ...draft, links }, edited)}
      />
    ),
    accent: (
      <Choice
        legend={strings.accent}
        name="accent"
        options={['', ...ACCENT_NAMES]}
        labels={strings.accents}
        value={draft.accent}
        problem={problems.accent}
        onChange={(accent) => edit('accent', accent)}
        mark={(accent) => (
          <span
            aria-hidden="true"
            style={accentSwatch(accent)}
            className="size-4 shrink-0 rounded-full border border-line"
          />
        )}
      />
    ),
    frame: (
      <Choice
        legend={strings.frame}
        name="frame"
        options={['', ...FRAMES]}
        labels={strings.frames}
        value={draft.frame}
        problem={problems.frame}
        onChange={(frame) => edit('frame', frame)}
        mark={(frame) => (
          <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center">
            <AvatarFrame frame={frame}>
              <span className="block size-5 rounded-full bg-accent-soft" />
            </AvatarFrame>
          </span>
        )}
      />
    ),
    noindex: (
      <NoindexField checked={draft.noindex} onChange={(noindex) => edit('noindex', noindex)} />
    ),
  }
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-4">
      <legend className="sr-only">{strings.about}</legend>
      {PROFILE_FIELD_NAMES.map((name) => (
        <Fragment key={name}>{inputs[name]}</Fragment>
      ))}
    </fieldset>
  )
}

function NoindexField({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (noindex: boolean) => void
}) {
  const id = useId()
  const strings = useStrings('profile', PROFILE).editor
  return (
    <div className="flex items-start gap-3 text-sm">
      <input
        id={id}
        type="checkbox"
        name="noindex"
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-sakura-600"
      />
      <div>
        <label htmlFor={id} className="cursor-pointer font-semibold text-ink">
          {strings.noindex}
        </label>
        <p id={`${id}-hint`} className="text-ink-muted">
          {strings.noindexHint}
        </p>
      </div>
    </div>
  )
}

/** The accent's colour in the theme shown; Mofu's own accent for none. */
function accentSwatch(accent: Accent | ''): CSSProperties {
  if (accent === '') return { background: 'var(--mofu-accent)' }
  const { light, dark } = ACCENTS[accent]
  return { background: `light-dark(${light}, ${dark})` }
}

function BioField({
  value,
  problem,
  onChange,
}: {
  value: string
  problem: string | undefined
  onChange: (bio: string) => void
}) {
  const id = useId()
  const strings = useStrings('profile', PROFILE).editor
  const t = useMessages()
  const count = characters(value)
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {strings.bio}
      </label>
      <textarea
        id={id}
        name="bio"
        rows={4}
        value={value}
        aria-invalid={problem === undefined ? undefined : true}
        aria-describedby={`${id}-count${problem === undefined ? '' : ` ${id}-problem`}`}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} resize-y`}
      />
      <p
        id={`${id}-count`}
        className={`text-sm ${count > BIO_MAX_LENGTH ? 'font-semibold text-accent' : 'text-ink-muted'}`}
      >
        {strings.bioCount(count, BIO_MAX_LENGTH)}
      </p>
      {problem !== undefined && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-accent">
          {t(problem)}
        </p>
      )}
    </div>
  )
}

/** One of a few named options, each a radio button with its name and a mark of what it looks like. */
function Choice<Option extends string>({
  legend,
  name,
  options,
  labels,
  value,
  problem,
  onChange,
  mark,
}: {
  legend: string
  name: string
  options: readonly Option[]
  labels: Record<Option, string>
  value: string
  problem: string | undefined
  onChange: (option: Option) => void
  /** What shows the option besides its name: a colour, a small drawing. */
  mark?: (option: Option) => ReactNode
}) {
  const id = useId()
  const t = useMessages()
  return (
    <fieldset
      aria-describedby={problem === undefined ? undefined : `${id}-problem`}
      className="flex flex-col gap-2"
    >
      <legend className="text-sm font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <label key={option} className={CHOICE_CLASS}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-sakura-600"
            />
            {mark?.(option)}
            {labels[option]}
          </label>
        ))}
      </div>
      {problem !== undefined && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-accent">
          {t(problem)}
        </p>
      )}
    </fieldset>
  )
}
