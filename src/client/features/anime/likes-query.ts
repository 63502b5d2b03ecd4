import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query'
import { searchKey, type Like } from '@shared/anime'
import type { Board } from '@shared/board'
import { boardQueryKey as likesKey, fetchBoard } from '@client/lib/board-cache'
import { queryClient } from '@client/lib/query-client'
import {
  browseAnime,
  fetchAnime,
  likeAnime,
  searchAnime,
  unlikeAnime,
  type BrowseChoice,
} from './anime-api'

export const animeKey = (id: string) => ['anime', id] as const

/** The signed-in user's likes, newest first; nothing is asked while signed out. */
export function useLikes(uid: string | null) {
  return useQuery(
    {
      queryKey: likesKey(uid ?? ''),
      queryFn: fetchBoard,
      enabled: uid !== null,
      select: (answer: Board) =>
        answer.likes.toSorted((a, b) => b.likedAt.localeCompare(a.likedAt)),
    },
    queryClient,
  )
}

/** Hearts a title or takes its heart away; the likes list follows the server's answer. */
export function useHeart(uid: string | null) {
  return useMutation(
    {
      mutationFn: async ({ id, liked }: { id: string; liked: boolean }) =>
        liked ? await likeAnime(id) : (await unlikeAnime(id), null),
      onSuccess: (like: Like | null, { id }) => {
        // The title's page counts its likes: it asks again.
        void queryClient.invalidateQueries({ queryKey: animeKey(id) })
        if (uid === null) return
        const key = likesKey(uid)
        queryClient.setQueryData<Board>(key, (old) => {
          const others = (old?.likes ?? []).filter((kept) => kept.anime.id !== id)
          return {
            folders: old?.folders ?? [],
            likes: like === null ? others : [like, ...others],
            // A heart taken back takes its pin with it.
            pinned: (old?.pinned ?? []).filter((pinned) => like !== null || pinned !== id),
          }
        })
        // A read of the board sent before this heart landed (the one a sign-in starts, when a
        // heart tapped signed out lands) would answer without it: that read is asked again.
        if (queryClient.isFetching({ queryKey: key }) > 0) {
          void queryClient.invalidateQueries({ queryKey: key })
        }
      },
    },
    queryClient,
  )
}

/** Titles matching `query`; a query that folds to nothing asks nothing. */
export function useAnimeSearch(query: string) {
  const key = searchKey(query)
  return useQuery(
    {
      queryKey: ['anime-search', key],
      queryFn: () => searchAnime(query),
      enabled: key !== '',
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    },
    queryClient,
  )
}

/** A title's page data; a page the server drew has it already (title-page.tsx). */
export function useAnime(id: string) {
  return useQuery(
    { queryKey: animeKey(id), queryFn: () => fetchAnime(id), staleTime: 60_000 },
    queryClient,
  )
}

/** A season's or a year's titles, a page at a time. */
export function useBrowse(choice: BrowseChoice) {
  return useInfiniteQuery(
    {
      queryKey: ['anime-browse', choice.year, choice.season, choice.type],
      queryFn: ({ pageParam }) => browseAnime(choice, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 60_000,
    },
    queryClient,
  )
}
