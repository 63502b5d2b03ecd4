import { useRef } from 'react'
import { flushSync } from 'react-dom'
import { LINK_LABEL_MAX_LENGTH, PROFILE_LINKS_MAX, type ProfileLink } from '@shared/profile-fields'
import { Button, Field } from '@client/components/ui'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/** Up to PROFILE_LINKS_MAX rows of a label and an https address, added and removed in place. */
export function LinksEditor({
  links,
  problems,
  onChange,
}: {
  links: ProfileLink[]
  problems: Partial<Record<string, string>>
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
