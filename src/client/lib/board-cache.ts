import { BoardSchema } from '@shared/board'
import { requestJson } from './http'

/**
 * The signed-in user's board (GET /api/me/likes) in the query cache: one entry that the hearts
 * (features/anime) and the board (features/board) both read and write, so a heart shows on the
 * board at once and a title removed on the board loses its heart in the search.
 */
export const boardQueryKey = (uid: string) => ['anime-likes', uid] as const

export const fetchBoard = () => requestJson('/api/me/likes', BoardSchema)
