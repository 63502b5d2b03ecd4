import { useId, useState } from 'react'
import type { Like } from '@shared/anime'
import { LIKE_NOTE_MAX_LENGTH, LikeNoteSchema } from '@shared/board'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { BOARD } from './strings'

/** A card's private note, edited in place: checked as it is typed, counted, saved or left. */
export function NoteEditor({
  like,
  name,
  onSave,
  onDone,
}: {
  like: Like
  name: string
  onSave: (id: string, note: string, saved: () => void) => void
  onDone: () => void
}) {
  const strings = useStrings('board', BOARD)
  const t = useMessages()
  const id = useId()
  const [text, setText] = useState(like.note)
  const checked = LikeNoteSchema.safeParse(text)
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null)
  const used = [...text.trim()].length
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        if (checked.success) onSave(like.anime.id, checked.data, onDone)
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {strings.card.noteLabel(name)}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={problem !== null || undefined}
        aria-describedby={`${id}-hint ${id}-count${problem === null ? '' : ` ${id}-problem`}`}
        className="rounded-xl border border-line bg-surface px-3 py-2 text-sm text-ink"
      />
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {strings.card.noteHint}{' '}
        <span id={`${id}-count`} aria-live="polite">
          {strings.card.noteCount(used, LIKE_NOTE_MAX_LENGTH)}
        </span>
      </p>
      {problem !== null && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-accent">
          {t(problem)}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={!checked.success}
          className="rounded-full bg-cta px-4 py-1.5 text-sm font-semibold text-cta-ink disabled:opacity-60"
        >
          {strings.card.saveNote}
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-full border border-line px-4 py-1.5 text-sm font-semibold text-ink"
        >
          {strings.card.cancel}
        </button>
      </div>
    </form>
  )
}
