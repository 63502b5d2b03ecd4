import { useState } from 'react'
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core'
import { FolderNameSchema, FOLDER_NAME_MAX_LENGTH, type Folder } from '@shared/board'
import { publicFolderPath } from '@shared/public-folders'
import { ConfirmDialog } from '@client/components/confirm-dialog'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { BOARD } from './strings'

export interface FolderActions {
  rename: (id: string, name: string) => void
  /** Makes the folder public (true) or private. */
  setPublic: (id: string, shown: boolean) => void
  remove: (id: string) => void
  move: (id: string, after: string | null) => void
}

/**
 * A folder's header: its drag handle, its name, which opens or closes it, and, but for Unsorted
 * (`folder` null), its tools: public or private, its public page, rename, move up or down, and
 * delete, which asks first. Renaming puts a form where the tools were. `id` is the folder
 * section's, which names the header and the body it opens.
 */
export function FolderHeader({
  id,
  folder,
  total,
  open,
  onToggle,
  orderable,
  upAfter,
  downAfter,
  folderActions,
  handle,
  dragRef,
  dragAttributes,
  dragListeners,
}: {
  id: string
  folder: Folder | null
  total: number
  open: boolean
  onToggle: () => void
  orderable: boolean
  upAfter: string | null | undefined
  downAfter: string | null | undefined
  folderActions: FolderActions
  /** The user's handle, '' while they have none. */
  handle: string
  dragRef: (element: HTMLElement | null) => void
  dragAttributes: DraggableAttributes
  dragListeners: DraggableSyntheticListeners
}) {
  const strings = useStrings('board', BOARD)
  const t = useMessages()
  const name = folder?.name ?? strings.unsorted
  const [renaming, setRenaming] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const checkedName = renaming === null ? null : FolderNameSchema.safeParse(renaming)
  const renameProblem =
    checkedName === null || checkedName.success
      ? null
      : (checkedName.error.issues[0]?.message ?? null)
  const tool =
    'rounded-full border border-line px-3 py-1 text-sm font-semibold text-ink hover:bg-accent-soft'

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {folder !== null && orderable && (
          <button
            type="button"
            ref={dragRef}
            {...dragAttributes}
            {...dragListeners}
            aria-label={strings.folder.drag(name)}
            aria-roledescription={strings.dnd.roleDescription}
            className="grid size-9 cursor-grab touch-none place-items-center rounded-lg text-ink-muted hover:bg-accent-soft"
          >
            <svg viewBox="0 0 16 10" className="h-2.5 w-4" aria-hidden="true" fill="currentColor">
              <circle cx="2" cy="2" r="1.5" />
              <circle cx="8" cy="2" r="1.5" />
              <circle cx="14" cy="2" r="1.5" />
              <circle cx="2" cy="8" r="1.5" />
              <circle cx="8" cy="8" r="1.5" />
              <circle cx="14" cy="8" r="1.5" />
            </svg>
          </button>
        )}
        <h3 id={`${id}-name`} className="min-w-0 flex-1 text-lg font-bold text-ink">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-body`}
            onClick={onToggle}
            className="flex max-w-full items-center gap-2 rounded-lg text-left"
          >
            <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
              ▸
            </span>
            <span className="truncate">{name}</span>
            <span className="shrink-0 text-sm font-normal text-ink-muted">
              {strings.count(total)}
            </span>
          </button>
        </h3>
        {folder !== null && renaming === null && !confirming && (
          <div className="flex flex-wrap items-center gap-1.5">
            <button
              type="button"
              role="switch"
              aria-checked={folder.public}
              aria-label={strings.folder.publicLabel(name)}
              aria-describedby={`${id}-public-hint`}
              className={`${tool} inline-flex items-center gap-1.5 aria-checked:border-sakura-400 aria-checked:bg-accent-soft`}
              onClick={() => folderActions.setPublic(folder.id, !folder.public)}
            >
              <span
                aria-hidden="true"
                className={`relative h-4 w-7 rounded-full border border-line ${folder.public ? 'bg-sakura-400' : 'bg-sunken'}`}
              >
                <span
                  className={`absolute top-0.5 size-2.5 rounded-full bg-ink transition-[left] motion-reduce:transition-none ${folder.public ? 'left-3.5' : 'left-0.5'}`}
                />
              </span>
              {strings.folder.public}
            </button>
            <span id={`${id}-public-hint`} className="sr-only">
              {strings.folder.publicHint}
            </span>
            {folder.public && handle !== '' && (
              <a
                href={publicFolderPath(handle, folder.slug)}
                aria-label={strings.folder.publicPageLabel(name)}
                className={`${tool} underline-offset-4 hover:underline`}
              >
                {strings.folder.publicPage}
              </a>
            )}
            <button type="button" className={tool} onClick={() => setRenaming(folder.name)}>
              {strings.folder.rename}
            </button>
            {orderable && upAfter !== undefined && (
              <button
                type="button"
                className={tool}
                aria-label={strings.folder.moveUp(name)}
                onClick={() => folderActions.move(folder.id, upAfter)}
              >
                ↑
              </button>
            )}
            {orderable && downAfter !== undefined && (
              <button
                type="button"
                className={tool}
                aria-label={strings.folder.moveDown(name)}
                onClick={() => folderActions.move(folder.id, downAfter)}
              >
                ↓
              </button>
            )}
            <button type="button" className={tool} onClick={() => setConfirming(true)}>
              {strings.folder.delete}
            </button>
          </div>
        )}
      </div>
      {folder !== null && renaming !== null && (
        <form
          className="mt-3 flex flex-wrap items-start gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            if (checkedName?.success !== true) return
            if (checkedName.data !== folder.name) folderActions.rename(folder.id, checkedName.data)
            setRenaming(null)
          }}
        >
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-rename`} className="sr-only">
              {strings.folder.renameLabel(folder.name)}
            </label>
            <input
              id={`${id}-rename`}
              value={renaming}
              autoFocus
              maxLength={FOLDER_NAME_MAX_LENGTH * 2}
              onChange={(event) => setRenaming(event.target.value)}
              onKeyDown={(event) => event.key === 'Escape' && setRenaming(null)}
              aria-invalid={renameProblem !== null || undefined}
              aria-describedby={renameProblem === null ? undefined : `${id}-problem`}
              className="rounded-xl border border-line bg-surface px-3 py-1.5 text-ink"
            />
            {renameProblem !== null && (
              <p id={`${id}-problem`} className="text-sm font-semibold text-accent">
                {t(renameProblem)}
              </p>
            )}
          </div>
          <button type="submit" className={tool}>
            {strings.folder.save}
          </button>
          <button type="button" className={tool} onClick={() => setRenaming(null)}>
            {strings.folder.cancel}
          </button>
        </form>
      )}
      {folder !== null && confirming && (
        <div className="mt-3">
          <ConfirmDialog
            id={`${id}-delete`}
            question={strings.folder.deleteQuestion(folder.name)}
            detail={strings.folder.deleteDetail}
            confirmLabel={strings.folder.delete}
            cancelLabel={strings.folder.cancel}
            busy={false}
            danger
            safeFirst
            onConfirm={() => {
              setConfirming(false)
              folderActions.remove(folder.id)
            }}
            onCancel={() => setConfirming(false)}
          />
        </div>
      )}
    </>
  )
}
