import { useId, useState } from 'react'
import { FOLDER_NAME_MAX_LENGTH, FolderNameSchema } from '@shared/board'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { BOARD } from './strings'

/** The board's "New folder": a name, checked as the server checks it, and a button. */
export function NewFolderForm({
  onCreate,
}: {
  onCreate: (name: string, done: () => void) => void
}) {
  const strings = useStrings('board', BOARD)
  const t = useMessages()
  const id = useId()
  const [name, setName] = useState('')
  const [tried, setTried] = useState(false)
  const checked = FolderNameSchema.safeParse(name)
  const problem = tried && !checked.success ? (checked.error.issues[0]?.message ?? null) : null
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (!checked.success) return
        onCreate(checked.data, () => {
          setName('')
          setTried(false)
        })
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {strings.newFolder.label}
        </label>
        <input
          id={id}
          value={name}
          maxLength={FOLDER_NAME_MAX_LENGTH * 2}
          placeholder={strings.newFolder.placeholder}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem === null ? undefined : `${id}-problem`}
          className="w-56 max-w-full rounded-full border border-line bg-surface px-4 py-2 text-ink placeholder:text-ink-muted"
        />
        {problem !== null && (
          <p id={`${id}-problem`} className="text-sm font-semibold text-accent">
            {t(problem)}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="mt-6 rounded-full bg-cta px-4 py-2 text-sm font-semibold text-cta-ink shadow-md"
      >
        {strings.newFolder.create}
      </button>
    </form>
  )
}
