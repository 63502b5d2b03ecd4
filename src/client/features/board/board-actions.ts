import { useLayoutEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react'
import type { Like } from '@shared/anime'
import { PinResultSchema, type PinAllowance } from '@shared/plans'
import { useLanguage } from '@client/lib/i18n/i18n'
import { nameIn, UNSORTED } from './board-model'
import type { Change } from './board-query'
import type { FolderActions } from './folder-header'
import type { CardActions } from './title-card'

/**
 * What the cards and the folders ask of the board, as changes to it. A card's change first takes
 * away the notice of one that failed (`setFailure`); a title removed is offered back
 * (`setRemoved`); a card's checkbox adds it to the selection or takes it out (`setSelected`).
 */
export function useBoardActions({
  groups,
  makeChange,
  onAllowance,
  setFailure,
  setRemoved,
  setSelected,
}: {
  groups: ReadonlyMap<string, Like[]>
  makeChange: (change: Change, then?: (answer: unknown) => void) => void
  onAllowance: (allowance: PinAllowance) => void
  setFailure: (failure: null) => void
  setRemoved: (removed: Like[]) => void
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>
}) {
  const language = useLanguage()
  // The cards' actions read the latest board through a ref, so one object serves every render
  // and the memoised cards never re-render for it.
  const latest = useRef({ groups, makeChange, onAllowance })
  useLayoutEffect(() => {
    latest.current = { groups, makeChange, onAllowance }
  })
  const cardActions = useMemo<CardActions>(
    () => ({
      move: (id, folderId, after) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'moveLike', id, folderId, after })
      },
      moveToFolder: (id, folderId) => {
        setFailure(null)
        const others = (latest.current.groups.get(folderId ?? UNSORTED) ?? []).filter(
          (like) => like.anime.id !== id,
        )
        latest.current.makeChange({
          kind: 'moveLike',
          id,
          folderId,
          after: others.at(-1)?.anime.id ?? null,
        })
      },
      setStatus: (id, status) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'status', id, status })
      },
      saveNote: (id, note, saved) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'note', id, note }, saved)
      },
      remove: (like) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'removeMany', ids: [like.anime.id] }, () =>
          setRemoved([like]),
        )
      },
      pin: (id) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'pin', id }, (answer) => {
          const pinned = PinResultSchema.safeParse(answer)
          if (pinned.success) latest.current.onAllowance(pinned.data.allowance)
        })
      },
      unpin: (id) => {
        setFailure(null)
        latest.current.makeChange({ kind: 'unpin', id })
      },
      toggleSelected: (id) =>
        setSelected((old) => {
          const next = new Set(old)
          if (!next.delete(id)) next.add(id)
          return next
        }),
      nameOf: (anime) => nameIn(anime, language),
    }),
    [language, setFailure, setRemoved, setSelected],
  )
  const folderActions = useMemo<FolderActions>(
    () => ({
      rename: (id, name) => latest.current.makeChange({ kind: 'renameFolder', id, name }),
      setPublic: (id, shown) =>
        latest.current.makeChange({ kind: 'folderPublic', id, public: shown }),
      remove: (id) => latest.current.makeChange({ kind: 'deleteFolder', id }),
      move: (id, after) => latest.current.makeChange({ kind: 'moveFolder', id, after }),
    }),
    [],
  )
  return { cardActions, folderActions }
}
