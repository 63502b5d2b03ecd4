import { useId, useRef, type CSSProperties, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import {
  ACCENT_NAMES,
  ACCENTS,
  BIO_MAX_LENGTH,
  FRAMES,
  LINK_LABEL_MAX_LENGTH,
  PROFILE_LINKS_MAX,
  PRONOUNS_MAX_LENGTH,
  type Accent,
  type Frame,
  type ProfileLink,
} from '@shared/profile-fields'
import type { Profile } from '@shared/profile'
import { Button, Field } from '@client/components/ui'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { AvatarFrame } from './avatar/avatar-frame'
import { PROFILE } from './strings'

/** The profile fields as the form holds them while they are edited. */
export interface FieldsDraft {
  bio: string
  pronouns: string
  links: ProfileLink[]
  accent: Accent | ''
  frame: Frame | ''
  noindex: boolean
}

const oneOf = <Option extends string>(options: readonly Option[], value: string) =>
  options.find((option) => option === value) ?? ''

/** The saved fields; an accent or frame this release does not ship reads as none. */
export const fieldsDraft = ({
  bio,
  pronouns,
  links,
  accent,
  frame,
  noindex,
}: Profile): FieldsDraft => ({
  bio,
  pronouns,
  links: links.map(({ label, url }) => ({ label, url })),
  accent: oneOf(ACCENT_NAMES, accent),
  frame: oneOf(FRAMES, frame),
  noindex,
})

/** The links worth saving: a row left with neither label nor address is no link. */
export const filledLinks = (links: readonly ProfileLink[]) =>
  links.filter(({ label, url }) => label.trim() !== '' || url.trim() !== '')

/**
 * The fields that differ from the saved profile: only those are sent, so a save from one browser
 * does not undo another's change to a field this one never touched.
 */
export function changedFields(draft: FieldsDraft, saved: FieldsDraft): Partial<FieldsDraft> {
  const changed: Partial<FieldsDraft> = {}
  if (draft.bio !== saved.bio) changed.bio = draft.bio
  if (draft.pronouns !== saved.pronouns) changed.pronouns = draft.pronouns
  const links = filledLinks(draft.links)
  if (JSON.stringify(links) !== JSON.stringify(saved.links)) changed.links = links
  if (draft.accent !== saved.accent) changed.accent = draft.accent
  if (draft.frame !== saved.frame) changed.frame = draft.frame
  if (draft.noindex !== saved.noindex) changed.noindex = draft.noindex
  return changed
}

/** Characters as the server counts them: line breaks as one, the ends trimmed. */
const characters = (text: string) => [...text.replace(/\r\n?/g, '\n').trim()].length

type Problems = Partial<Record<string, string>>

const INPUT_CLASS =
  'rounded-xl border border-line bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted/70 focus:border-accent'

const CHOICE_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-2xl border-2 border-line bg-raised px-3 py-2 text-sm font-medium text-ink transition-colors has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-3 has-focus-visible:outline-focus'

/**
 * The bio, pronouns, links, accent colour and avatar frame in the edit form (docs/using.md
 * "Profile fields"). Each shows its own problem under it, from the shared schema or the server.
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
  const noindexId = useId()
  const edit = <Key extends keyof FieldsDraft>(key: Key, value: FieldsDraft[Key]) =>
    onChange({ ...draft, [key]: value }, key)
  return (
    <fieldset className="flex flex-col gap-4 border-t border-line pt-4">
      <legend className="sr-only">{strings.about}</legend>
      <BioField value={draft.bio} problem={problems.bio} onChange={(bio) => edit('bio', bio)} />
      <Field
        label={strings.pronouns}
        name="pronouns"
        maxLength={PRONOUNS_MAX_LENGTH * 2}
        value={draft.pronouns}
        problem={problems.pronouns}
        onChange={(event) => edit('pronouns', event.target.value)}
      />
      <LinksEditor
        links={draft.links}
        problems={problems}
        onChange={(links, edited) => onChange({ ...draft, links }, edited)}
      />
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
      <div className="flex items-start gap-3 text-sm">
        <input
          id={noindexId}
          type="checkbox"
          name="noindex"
          aria-describedby={`${noindexId}-hint`}
          checked={draft.noindex}
          onChange={(event) => edit('noindex', event.target.checked)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-sakura-600"
        />
        <div>
          <label htmlFor={noindexId} className="cursor-pointer font-semibold text-ink">
            {strings.noindex}
          </label>
          <p id={`${noindexId}-hint`} className="text-ink-muted">
            {strings.noindexHint}
          </p>
        </div>
      </div>
    </fieldset>
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

/** Up to PROFILE_LINKS_MAX rows of a label and an https address, added and removed in place. */
function LinksEditor({
  links,
  problems,
  onChange,
}: {
  links: ProfileLink[]
  problems: Problems
  onChange: (links: ProfileLink[], edited: string) => void
}) {
  const strings = useStrings('profile', PROFILE).editor
  const t = useMessages()
  const editor = useRef<HTMLFieldSetElement>(null)
  // Focus follows the change: to the new row's label, or to "Add a link" once a row is gone.
  const focus = (selector: string) => editor.current?.querySelector<HTMLElement>(selector)?.focus()
  const change = (index: number, link: ProfileLink, part: keyof ProfileLink) =>
    onChange(
      links.map((each, at) => (at === index ? link : each)),
      `links.${index}.${part}`,
    )
  return (
    <fieldset ref={editor} className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-ink">{strings.links}</legend>
      {problems.links !== undefined && (
        <p className="text-sm font-semibold text-accent">{t(problems.links)}</p>
      )}
      <div className="flex flex-col gap-3">
        {links.map((link, index) => (
          <fieldset
            key={index}
            data-link={index}
            className="flex flex-col gap-2 rounded-2xl border border-line bg-raised p-3"
          >
            <legend className="sr-only">{strings.link(index + 1)}</legend>
            <Field
              label={strings.linkLabel}
              name={`links.${index}.label`}
              maxLength={LINK_LABEL_MAX_LENGTH * 2}
              value={link.label}
              problem={problems[`links.${index}.label`]}
              onChange={(event) => change(index, { ...link, label: event.target.value }, 'label')}
            />
            <Field
              label={strings.linkAddress}
              name={`links.${index}.url`}
              type="text"
              inputMode="url"
              autoComplete="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://"
              value={link.url}
              problem={problems[`links.${index}.url`]}
              onChange={(event) => change(index, { ...link, url: event.target.value }, 'url')}
            />
            <div className="flex justify-end">
              <Button
                variant="quiet"
                onClick={() => {
                  flushSync(() =>
                    onChange(
                      links.filter((_, at) => at !== index),
                      'links',
                    ),
                  )
                  focus('[data-add-link]')
                }}
              >
                {strings.removeLink(index + 1)}
              </Button>
            </div>
          </fieldset>
        ))}
      </div>
      {links.length < PROFILE_LINKS_MAX && (
        <div>
          <Button
            data-add-link
            variant="secondary"
            onClick={() => {
              flushSync(() => onChange([...links, { label: '', url: '' }], 'links'))
              focus(`[data-link="${links.length}"] input`)
            }}
          >
            {strings.addLink}
          </Button>
        </div>
      )}
    </fieldset>
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
