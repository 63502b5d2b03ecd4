import { useCallback } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import type { Like, LikeStatus } from '@shared/anime'
import type { Board } from '@shared/board'
import { PinResultSchema } from '@shared/plans'
import { boardQueryKey, fetchBoard } from '@client/lib/board-cache'
import { requestJson, send } from '@client/lib/http'
import { queryClient } from '@client/lib/query-client'
import { foldersInOrder, keyBetween, likesByFolder, UNSORTED, withLike } from './board-model'

/** One change to the board, as the user asked for it. */
export type Change =
  | { kind: 'newFolder'; name: string }
  | { kind: 'renameFolder'; id: string; name: string }
  | { kind: 'folderPublic'; id: string; public: boolean }
  | { kind: 'moveFolder'; id: string; after: string | null }
  | { kind: 'deleteFolder'; id: string }
  | { kind: 'moveLike'; id: string; folderId: string | null; after: string | null }
  | { kind: 'status'; id: string; status: LikeStatus | null }
  | { kind: 'note'; id: string; note: string }
  | { kind: 'moveMany'; ids: string[]; folderId: string | null }
  | { kind: 'removeMany'; ids: string[] }
  | { kind: 'restore'; likes: Like[] }
  | { kind: 'pin'; id: string }
  | { kind: 'unpin'; id: string }
  | { kind: 'movePin'; id: string; after: string | null }

const folderPath = (id: string) => `/api/me/folders/${encodeURIComponent(id)}`
const likePath = (id: string) => `/api/me/likes/${encodeURIComponent(id)}`
const pinPath = (id: string) => `${likePath(id)}/pin`

/** The request that makes a change on the server. */
async function sendChange(change: Change): Promise<unknown> {
  switch (change.kind) {
    case 'newFolder':
      return send('/api/me/folders', { method: 'POST', json: { name: change.name } })
    case 'renameFolder':
      return send(folderPath(change.id), { method: 'PATCH', json: { name: change.name } })
    case 'folderPublic':
      return send(folderPath(change.id), { method: 'PATCH', json: { public: change.public } })
    case 'moveFolder':
      return send(folderPath(change.id), {
        method: 'PATCH',
        json: { place: { after: change.after } },
      })
    case 'deleteFolder':
      return send(folderPath(change.id), { method: 'DELETE' })
    case 'moveLike':
      return send(likePath(change.id), {
        method: 'PATCH',
        json: { folderId: change.folderId, place: { after: change.after } },
      })
    case 'status':
      return send(likePath(change.id), { method: 'PATCH', json: { status: change.status } })
    case 'note':
      return send(likePath(change.id), { method: 'PATCH', json: { note: change.note } })
    case 'moveMany':
      return send('/api/me/likes/move', {
        method: 'POST',
        json: { ids: change.ids, folderId: change.folderId },
      })
    case 'removeMany':
      return send('/api/me/likes/remove', { method: 'POST', json: { ids: change.ids } })
    case 'restore':
      // Each title back in its folder with its status and note (PUT's optional body).
      return Promise.all(
        change.likes.map((like) =>
          send(likePath(like.anime.id), {
            method: 'PUT',
            json: { folderId: like.folderId, status: like.status, note: like.note },
          }),
        ),
      )
    case 'pin':
      // Last among the pinned titles; the answer carries the pins left this period.
      return requestJson(pinPath(change.id), PinResultSchema, { method: 'PUT' })
    case 'unpin':
      return send(pinPath(change.id), { method: 'DELETE' })
    case 'movePin':
      return send(pinPath(change.id), { method: 'PATCH', json: { place: { after: change.after } } })
  }
}

/** The board with the pinned title `id` at `key`, the pinned titles in their order. */
function withPin(board: Board, id: string, key: string | null): Board {
  const moved = withLike(board, id, (like) => ({ ...like, pinKey: key }))
  const others = board.pinned.filter((pinned) => pinned !== id)
  if (key === null) return { ...moved, pinned: others }
  const keys = new Map(moved.likes.map((like) => [like.anime.id, like.pinKey]))
  const index = others.findIndex((pinned) => (keys.get(pinned) ?? '') > key)
  return {
    ...moved,
    pinned: index < 0 ? [...others, id] : others.toSpliced(index, 0, id),
  }
}

/** The pin keys of the pinned titles but `id`, in their order. */
function pinKeysBut(board: Board, id: string): { ids: string[]; keys: string[] } {
  const keys = new Map(board.likes.map((like) => [like.anime.id, like.pinKey]))
  const ids = board.pinned.filter((pinned) => pinned !== id)
  return { ids, keys: ids.map((pinned) => keys.get(pinned) ?? '') }
}

/** The key right after `after` among `keys` (in order): between it and the one following. */
function keyAfter(keys: readonly string[], afterIndex: number): string | null {
  const before = afterIndex < 0 ? null : (keys[afterIndex] ?? null)
  return keyBetween(before, keys[afterIndex + 1] ?? null)
}

/** The board as it will be once the server has made `change`: shown while it is on its way. */
function applied(board: Board, change: Change): Board {
  switch (change.kind) {
    case 'newFolder':
      return board
    case 'renameFolder':
      return {
        ...board,
        folders: board.folders.map((folder) =>
          folder.id === change.id ? { ...folder, name: change.name } : folder,
        ),
      }
    case 'folderPublic':
      return {
        ...board,
        folders: board.folders.map((folder) =>
          folder.id === change.id ? { ...folder, public: change.public } : folder,
        ),
      }
    case 'moveFolder': {
      const others = foldersInOrder(board.folders).filter((folder) => folder.id !== change.id)
      const index = others.findIndex((folder) => folder.id === change.after)
      const key = keyAfter(
        others.map((folder) => folder.orderKey),
        change.after === null ? -1 : index,
      )
      if (key === null) return board
      return {
        ...board,
        folders: board.folders.map((folder) =>
          folder.id === change.id ? { ...folder, orderKey: key } : folder,
        ),
      }
    }
    case 'deleteFolder':
      return {
        ...board,
        folders: board.folders.filter((folder) => folder.id !== change.id),
        likes: board.likes.map((like) =>
          like.folderId === change.id ? { ...like, folderId: null } : like,
        ),
      }
    case 'moveLike': {
      const target = change.folderId ?? UNSORTED
      const others = (likesByFolder(board.likes).get(target) ?? []).filter(
        (like) => like.anime.id !== change.id,
      )
      const index = others.findIndex((like) => like.anime.id === change.after)
      const key = keyAfter(
        others.map((like) => like.orderKey),
        change.after === null ? -1 : index,
      )
      if (key === null) return board
      return withLike(board, change.id, (like) => ({
        ...like,
        folderId: change.folderId,
        orderKey: key,
      }))
    }
    case 'status':
      return withLike(board, change.id, (like) => ({ ...like, status: change.status }))
    case 'note':
      return withLike(board, change.id, (like) => ({ ...like, note: change.note }))
    case 'moveMany': {
      const target = change.folderId ?? UNSORTED
      const moving = new Set(change.ids)
      const stay = (likesByFolder(board.likes).get(target) ?? []).filter(
        (like) => !moving.has(like.anime.id),
      )
      let last = stay.at(-1)?.orderKey ?? null
      const keys = new Map<string, string>()
      for (const id of change.ids) {
        const key = keyBetween(last, null)
        if (key === null) return board
        keys.set(id, key)
        last = key
      }
      return {
        ...board,
        likes: board.likes.map((like) => {
          const key = keys.get(like.anime.id)
          return key === undefined ? like : { ...like, folderId: change.folderId, orderKey: key }
        }),
      }
    }
    case 'removeMany': {
      // A heart taken back takes its pin with it.
      const removed = new Set(change.ids)
      return {
        ...board,
        likes: board.likes.filter((like) => !removed.has(like.anime.id)),
        pinned: board.pinned.filter((id) => !removed.has(id)),
      }
    }
    case 'restore': {
      const back = new Set(change.likes.map((like) => like.anime.id))
      return {
        ...board,
        likes: [...board.likes.filter((like) => !back.has(like.anime.id)), ...change.likes],
      }
    }
    case 'pin': {
      const { keys } = pinKeysBut(board, change.id)
      const key = keyBetween(keys.at(-1) ?? null, null)
      return key === null ? board : withPin(board, change.id, key)
    }
    case 'unpin':
      return withPin(board, change.id, null)
    case 'movePin': {
      const { ids, keys } = pinKeysBut(board, change.id)
      const key = keyAfter(keys, change.after === null ? -1 : ids.indexOf(change.after))
      return key === null ? board : withPin(board, change.id, key)
    }
  }
}

/** Reads the board again, after something besides the board's own changes added to it. */
export const refreshBoard = (uid: string) =>
  queryClient.invalidateQueries({ queryKey: boardQueryKey(uid) })

/** The signed-in user's board, as the server keeps it. */
export function useBoard(uid: string) {
  return useQuery({ queryKey: boardQueryKey(uid), queryFn: fetchBoard }, queryClient)
}

/**
 * Changes to the board: each shown at once, sent, and rolled back with `onFailure` called when
 * the server refuses it or cannot be reached. Once the last change in flight has settled, the
 * board is asked for again, so what shows is the server's own order.
 *
 * The answer is one stable function, `makeChange(change, then)`: `then` runs once the server has
 * made that very change, however many others were sent while it was on its way (a selection
 * cleared after a move, say, while a status change sent meanwhile is still in flight).
 */
export function useBoardChanges(uid: string, onFailure: (change: Change, error: unknown) => void) {
  const key = boardQueryKey(uid)
  const mutationKey = ['board-change', uid]
  const { mutateAsync } = useMutation(
    {
      mutationKey,
      mutationFn: sendChange,
      onMutate: async (change: Change) => {
        await queryClient.cancelQueries({ queryKey: key })
        const before = queryClient.getQueryData<Board>(key)
        if (before !== undefined) queryClient.setQueryData<Board>(key, applied(before, change))
        return { before }
      },
      onError: (error, change, context) => {
        if (context?.before !== undefined) queryClient.setQueryData(key, context.before)
        onFailure(change, error)
      },
      onSettled: () => {
        if (queryClient.isMutating({ mutationKey }) <= 1) {
          void queryClient.invalidateQueries({ queryKey: key })
        }
      },
    },
    queryClient,
  )
  // The promise of each call is that call's own; a failure has been told through `onFailure`.
  return useCallback(
    (change: Change, then?: (answer: unknown) => void) => {
      mutateAsync(change).then(then, () => undefined)
    },
    [mutateAsync],
  )
}
