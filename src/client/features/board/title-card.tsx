import { memo, useId, useState } from 'react'
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core'
import {
  LIKE_STATUSES,
  seasonOf,
  type AnimeSummary,
  type Like,
  type LikeStatus,
} from '@shared/anime'
import type { Folder } from '@shared/board'
import { TitleArt } from '@client/components/art/title-art'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { MoveMenu } from './move-menu'
import { NoteEditor } from './note-editor'
import { BOARD } from './strings'

/** What a card asks of the board; one stable object for every card, so cards stay memoised. */
export interface CardActions {
  move: (id: string, folderId: string | null, after: string | null) => void
  /** To the end of a folder (null for Unsorted). */
  moveToFolder: (id: string, folderId: string | null) => void
  setStatus: (id: string, status: LikeStatus | null) => void
  saveNote: (id: string, note: string, saved: () => void) => void
  remove: (like: Like) => void
  pin: (id: string) => void
  unpin: (id: string) => void
  toggleSelected: (id: string) => void
  nameOf: (anime: AnimeSummary) => string
}

const LANG: Record<AnimeSummary['lang'], string> = {
  ja: 'ja',
  en: 'en',
  'zh-Hans': 'zh-Hans',
  'zh-Hant': 'zh-Hant',
}

function DragDots() {
  return (
    <svg viewBox="0 0 10 16" className="h-4 w-2.5" aria-hidden="true" fill="currentColor">
      {[2, 8, 14].map((y) => (
        <g key={y}>
          <circle cx="2" cy={y} r="1.5" />
          <circle cx="8" cy={y} r="1.5" />
        </g>
      ))}
    </svg>
  )
}

export interface CardProps {
  like: Like
  /** Whether the title can be dragged: in the user's own order, with no filter on. */
  draggable: boolean
  folders: readonly Folder[]
  /** Where "Move up" and "Move down" put the title: the neighbour to follow; undefined for none. */
  upAfter: string | null | undefined
  downAfter: string | null | undefined
  selecting: boolean
  selected: boolean
  actions: CardActions
}

/**
 * A card's content: the title, its pin and heart, its status, note and "Move to…". Memoised, so
 * it draws again only when its own props change, not each time a drag moves its SortableCard.
 */
export const CardContent = memo(function CardContent({
  like,
  folders,
  upAfter,
  downAfter,
  selecting,
  selected,
  actions,
  draggable,
  handleRef,
  handleAttributes,
  handleListeners,
}: CardProps & {
  // dnd-kit keeps these the same from render to render, so the memo holds while a drag moves.
  handleRef: (element: HTMLElement | null) => void
  handleAttributes: DraggableAttributes
  handleListeners: DraggableSyntheticListeners
}) {
  const strings = useStrings('board', BOARD)
  const language = useLanguage()
  const id = useId()
  const [panel, setPanel] = useState<'note' | 'move' | null>(null)
  const { anime } = like
  const name = actions.nameOf(anime)
  const translated = name === anime.title ? null : name
  const began = seasonOf(anime.beginAt)
  const when =
    began === null ? null : strings.seasonYear(strings.seasons[began.season], String(began.year))

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="flex h-full flex-col gap-2 rounded-2xl border border-line bg-raised p-3 shadow-sm"
      lang={language}
    >
      <div className="flex items-start gap-2">
        {selecting && (
          <input
            type="checkbox"
            checked={selected}
            onChange={() => actions.toggleSelected(anime.id)}
            aria-label={strings.card.select(name)}
            className="mt-4 size-5 shrink-0 accent-sakura-600"
          />
        )}
        {draggable && (
          <button
            type="button"
            ref={handleRef}
            {...handleAttributes}
            {...handleListeners}
            aria-label={strings.card.drag(name)}
            aria-roledescription={strings.dnd.roleDescription}
            className="grid h-14 w-7 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-ink-muted hover:bg-accent-soft active:cursor-grabbing"
          >
            <DragDots />
          </button>
        )}
        <TitleArt anime={anime} className="h-14 w-20" />
        <div className="flex min-w-0 flex-1 flex-col">
          <h4 id={`${id}-title`} lang={LANG[anime.lang]} className="truncate font-bold text-ink">
            {anime.title}
          </h4>
          {translated !== null && <p className="truncate text-sm text-ink">{translated}</p>}
          <p className="text-xs text-ink-muted">
            {strings.types[anime.type]}
            {when !== null && ` · ${when}`}
          </p>
        </div>
        <button
          type="button"
          aria-pressed={like.pinKey !== null}
          onClick={() => (like.pinKey === null ? actions.pin(anime.id) : actions.unpin(anime.id))}
          aria-label={strings.pins.pinLabel(name)}
          className="grid size-9 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-accent-soft aria-pressed:bg-accent-soft aria-pressed:text-sakura-600 dark:aria-pressed:text-sakura-300"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path
              d="M9 3h6l-1 6 4 4v2h-5v6l-1 1-1-1v-6H6v-2l4-4z"
              fill={like.pinKey === null ? 'none' : 'currentColor'}
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <button
          type="button"
          onClick={() => actions.remove(like)}
          aria-label={strings.card.remove(name)}
          className="grid size-9 shrink-0 place-items-center rounded-full text-sakura-600 hover:bg-accent-soft dark:text-sakura-300"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path
              d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z"
              fill="currentColor"
            />
          </svg>
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="sr-only" htmlFor={`${id}-status`}>
          {strings.card.statusLabel(name)}
        </label>
        <select
          id={`${id}-status`}
          value={like.status ?? ''}
          onChange={(event) =>
            actions.setStatus(
              anime.id,
              LIKE_STATUSES.find((status) => status === event.target.value) ?? null,
            )
          }
          className="min-w-0 flex-1 rounded-full border border-line bg-surface px-3 py-1.5 text-sm text-ink"
        >
          <option value="">{strings.card.noStatus}</option>
          {LIKE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {strings.statuses[status]}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-expanded={panel === 'note'}
          aria-controls={`${id}-panel`}
          aria-describedby={`${id}-title`}
          onClick={() => setPanel(panel === 'note' ? null : 'note')}
          className="rounded-full border border-line px-3 py-1.5 text-sm font-semibold text-ink hover:bg-accent-soft aria-expanded:bg-accent-soft"
        >
          {strings.card.note}
          {like.note !== '' && <span aria-hidden="true"> ✎</span>}
        </button>
        <button
          type="button"
          aria-expanded={panel === 'move'}
          aria-controls={`${id}-panel`}
          aria-describedby={`${id}-title`}
          onClick={() => setPanel(panel === 'move' ? null : 'move')}
          className="rounded-full border border-line px-3 py-1.5 text-sm font-semibold text-ink hover:bg-accent-soft aria-expanded:bg-accent-soft"
        >
          {strings.card.moveTo}
        </button>
      </div>
      {like.note !== '' && panel !== 'note' && (
        <p className="line-clamp-2 text-sm whitespace-pre-line text-ink-muted">{like.note}</p>
      )}
      <div id={`${id}-panel`}>
        {panel === 'note' && (
          <NoteEditor
            like={like}
            name={name}
            onDone={() => setPanel(null)}
            onSave={actions.saveNote}
          />
        )}
        {panel === 'move' && (
          <MoveMenu
            like={like}
            folders={folders}
            upAfter={upAfter}
            downAfter={downAfter}
            onMove={(folderId, after) => {
              actions.move(anime.id, folderId, after)
              setPanel(null)
            }}
            onMoveToFolder={(folderId) => {
              actions.moveToFolder(anime.id, folderId)
              setPanel(null)
            }}
          />
        )}
      </div>
    </article>
  )
})
