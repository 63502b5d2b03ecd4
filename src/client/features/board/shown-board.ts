import { useCallback, useDeferredValue, useMemo } from 'react'
import type { AnimeSummary, Like } from '@shared/anime'
import type { Board } from '@shared/board'
import { useLanguage } from '@client/lib/i18n/i18n'
import {
  filtersInUse,
  foldersInOrder,
  likesByFolder,
  nameIn,
  shown,
  UNSORTED,
  yearsOf,
  type BoardFilters,
  type Sort,
} from './board-model'

/**
 * The board as the view shows it: the folders in order, each folder's titles filtered and
 * sorted (and those the filter hides), the neighbours "Move up" and "Move down" follow, and the
 * pinned titles. `data` is undefined while the board loads.
 */
export function useShownBoard(
  data: Board | undefined,
  view: { filters: BoardFilters; sort: Sort },
) {
  const language = useLanguage()
  const folders = useMemo(() => foldersInOrder(data?.folders ?? []), [data?.folders])
  // A folder filter names a folder that is still there (another device may have deleted it).
  const filters = useMemo(
    () =>
      view.filters.folder === 'all' ||
      view.filters.folder === UNSORTED ||
      folders.some((folder) => folder.id === view.filters.folder)
        ? view.filters
        : { ...view.filters, folder: 'all' },
    [view.filters, folders],
  )
  const groups = useMemo(() => likesByFolder(data?.likes ?? []), [data?.likes])
  const years = useMemo(() => yearsOf(data?.likes ?? []), [data?.likes])
  const titleOf = useCallback((anime: AnimeSummary) => nameIn(anime, language), [language])
  // The cards follow a new filter or sort in a render React may interrupt, so typing in the
  // text filter stays quick on a board of a thousand titles.
  const shownFilters = useDeferredValue(filters)
  const shownSort = useDeferredValue(view.sort)
  // Dragging follows the order shown: the user's own, with no filter on.
  const orderable = shownSort === 'order' && !filtersInUse(shownFilters)
  const visible = useMemo(() => {
    const each = new Map<string, Like[]>()
    for (const key of [UNSORTED, ...folders.map((folder) => folder.id)]) {
      each.set(key, shown(groups.get(key) ?? [], shownFilters, shownSort, titleOf))
    }
    return each
  }, [groups, folders, shownFilters, shownSort, titleOf])
  const filteredOut = useMemo(() => {
    const each = new Map<string, Like[]>()
    for (const [key, likes] of groups) {
      const kept = new Set(visible.get(key)?.map((like) => like.anime.id))
      each.set(
        key,
        likes.filter((like) => !kept.has(like.anime.id)),
      )
    }
    return each
  }, [groups, visible])
  // "Move up" and "Move down" name the neighbour to follow; only in the user's own order.
  const places = useMemo(() => {
    const each = new Map<
      string,
      { upAfter: string | null | undefined; downAfter: string | undefined }
    >()
    if (!orderable) return each
    for (const likes of groups.values()) {
      likes.forEach((like, index) =>
        each.set(like.anime.id, {
          upAfter: index === 0 ? undefined : index === 1 ? null : likes[index - 2]?.anime.id,
          downAfter: likes[index + 1]?.anime.id,
        }),
      )
    }
    return each
  }, [groups, orderable])
  const likeById = useMemo(
    () => new Map((data?.likes ?? []).map((like) => [like.anime.id, like])),
    [data?.likes],
  )
  const pinned = useMemo(
    () =>
      (data?.pinned ?? []).flatMap((id) => {
        const like = likeById.get(id)
        return like === undefined ? [] : [like]
      }),
    [data?.pinned, likeById],
  )
  return {
    folders,
    filters,
    groups,
    years,
    titleOf,
    orderable,
    visible,
    filteredOut,
    places,
    likeById,
    pinned,
  }
}
