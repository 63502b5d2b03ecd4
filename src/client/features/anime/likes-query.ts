import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { searchKey, type Like } from '@shared/anime'
import type { Board } from '@shared/board'
import { queryClient } from '@client/lib/query-client'
import { fetchLikes, likeAnime, searchAnime, unlikeAnime } from './anime-api'

const likesKey = (uid: string) => ['anime-likes', uid] as const

/** The signed-in user's likes, newest first; nothing is asked while signed out. */
export function useLikes(uid: string | null) {
  return useQuery(
    {
      queryKey: likesKey(uid ?? ''),
      queryFn: fetchLikes,
      enabled: uid !== null,
      select: (answer: Board) =>
        answer.likes.toSorted((a, b) => b.likedAt.localeCompare(a.likedAt)),
    },
    queryClient,
  )
}

/** Reads the likes again, after something besides a heart added some (an import). */
export const refreshLikes = () => queryClient.invalidateQueries({ queryKey: ['anime-likes'] })

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
