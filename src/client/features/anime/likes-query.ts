import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { searchKey, type Like } from '@shared/anime'
import type { Board } from '@shared/board'
import { boardQueryKey as likesKey, fetchBoard } from '@client/lib/board-cache'
import { queryClient } from '@client/lib/query-client'
import { likeAnime, searchAnime, unlikeAnime } from './anime-api'

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
        if (uid === null) return
        queryClient.setQueryData<Board>(likesKey(uid), (old) => {
          const others = (old?.likes ?? []).filter((kept) => kept.anime.id !== id)
          return { folders: old?.folders ?? [], likes: like === null ? others : [like, ...others] }
        })
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
