import { Fragment, useId, type CSSProperties, type ReactNode } from 'react'
import {
  ACCENTS,
  isChoiceField,
  isTextField,
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  type Accent,
  type ChoiceProfileField,
  type ProfileField,
  type TextProfileField,
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

/** The fields whose input the form does not draw from the descriptor: each has one of its own. */
type OwnInputField = Exclude<ProfileField, TextProfileField | ChoiceProfileField>

const INPUT_CLASS =
  'rounded-xl border border-line bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted/70 focus:border-accent'

const CHOICE_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-2xl border-2 border-line bg-raised px-3 py-2 text-sm font-medium text-ink transition-colors has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-3 has-focus-visible:outline-focus'

/** What shows a choice field's option besides its name: a colour, a small drawing. */
const MARKS: { [Name in ChoiceProfileField]?: (option: FieldsDraft[Name]) => ReactNode } = {
  accent: (accent) => (
    <span
      aria-hidden="true"
      style={accentSwatch(accent)}
      className="size-4 shrink-0 rounded-full border border-line"
    />
  ),
  frame: (frame) => (
    <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center">
      <AvatarFrame frame={frame}>
        <span className="block size-5 rounded-full bg-accent-soft" />
      </AvatarFrame>
    </span>
  ),
}

/**
 * The bio, pronouns, links, accent colour, avatar frame and search engines' choice in the edit
 * form (docs/using.md "Profile fields"), in the order of PROFILE_FIELDS. A text or choice field's
 * input is drawn from its descriptor and labelled by the field's name in PROFILE.editor, a
 * choice's options by PROFILE.editor.options; any other field has an input of its own. Each
 * shows its own problem under it, from the shared schema or the server.
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
  const labels: Readonly<Record<ProfileField, string>> = strings
  const optionNames: {
    readonly [Name in ChoiceProfileField]: Readonly<Record<FieldsDraft[Name], string>>
  } = strings.options
  const edit = <Key extends keyof FieldsDraft>(key: Key, value: FieldsDraft[Key]) =>
    onChange({ ...draft, [key]: value }, key)
  // The typecheck asks for an input here for each field that is neither text nor a choice.
  const own: Record<OwnInputField, ReactNode> = {
    links: (
      <LinksEditor
        links={draft.links}
        problems={problems}
        onChange={(links, edited) => onChange({ ...draft, links }, edited)}
      />
    ),
    noindex: (
      <NoindexField checked={draft.noindex} onChange={(noindex) => edit('noindex', noindex)} />
    ),
  }
  const input = (name: ProfileField): ReactNode => {
    if (isChoiceField(name)) {
      // The radio buttons offer the field's own options, which its value and mark are typed by.
      const choose = (option: string) => edit(name, option as FieldsDraft[typeof name])
      const mark = MARKS[name] as ((option: string) => ReactNode) | undefined
      return (
        <Choice
          legend={labels[name]}
          name={name}
          options={['', ...PROFILE_FIELDS[name].options]}
          labels={optionNames[name]}
          value={draft[name]}
          problem={problems[name]}
          onChange={choose}
          mark={mark}
        />
      )
    }
    if (isTextField(name)) {
      const { maxLength, lineBreaks } = PROFILE_FIELDS[name]
      return lineBreaks ? (
        <TextBox
          label={labels[name]}
          name={name}
          maxLength={maxLength}
          value={draft[name]}
          problem={problems[name]}
          onChange={(text) => edit(name, text)}
        />
      ) : (
        <Field
          label={labels[name]}
          name={name}
          maxLength={maxLength * 2}
          value={draft[name]}
          problem={problems[name]}
          onChange={(event) => edit(name, event.target.value)}
        />
      )
    }
    return own[name]
  }
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-4">
      <legend className="sr-only">{strings.about}</legend>
      {PROFILE_FIELD_NAMES.map((name) => (
        <Fragment key={name}>{input(name)}</Fragment>
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

/** Text with line breaks: a box, with the characters typed of the most it takes under it. */
function TextBox({
  label,
  name,
  maxLength,
  value,
  problem,
  onChange,
}: {
  label: string
  name: string
  maxLength: number
  value: string
  problem: string | undefined
  onChange: (text: string) => void
}) {
  const id = useId()
  const strings = useStrings('profile', PROFILE).editor
  const t = useMessages()
  const count = characters(value)
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={4}
        value={value}
        aria-invalid={problem === undefined ? undefined : true}
        aria-describedby={`${id}-count${problem === undefined ? '' : ` ${id}-problem`}`}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT_CLASS} resize-y`}
      />
      <p
        id={`${id}-count`}
        className={`text-sm ${count > maxLength ? 'font-semibold text-accent' : 'text-ink-muted'}`}
      >
        {strings.characterCount(count, maxLength)}
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
function Choice({
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
  options: readonly string[]
  labels: Readonly<Record<string, string>>
  value: string
  problem: string | undefined
  onChange: (option: string) => void
  /** What shows the option besides its name: a colour, a small drawing. */
  mark?: (option: string) => ReactNode
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
