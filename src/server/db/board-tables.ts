import type { Generated } from 'kysely'
import type { LikeStatus } from '../../shared/anime'

/** Who likes which title (board/likes-store.ts). */
export interface LikesTable {
  user_id: string
  anime_id: string
  /** NULL: Unsorted. */
  folder_id: string | null
  /** Fractional index: the like's place among the folder's likes. */
  order_key: string
  /** ISO 8601. */
  liked_at: string
  /** shared/anime.ts LIKE_STATUSES, or NULL for none yet. */
  status: LikeStatus | null
  /** Private to its user; '' for none. */
  note: Generated<string>
  /** Fractional index: the like's place among its user's pinned titles; NULL when not pinned. */
  pin_key: string | null
}

/** The folders of each user's board (board/). */
export interface FoldersTable {
  id: string
  user_id: string
  name: string
  /** The name as uniqueness compares it: NFKC, lower case. */
  name_key: string
  /** Fractional index: the folder's place among its user's folders. */
  order_key: string
  /** ISO 8601. */
  created_at: string
  /** 1 when anyone may see it at /@handle and /@handle/slug, else 0 (the default). */
  public: Generated<number>
  /** The last part of its public address (folderSlug), unique per user. */
  slug: string
}

/** A slug a folder had before its owner renamed it: its address leads to the folder's current one. */
export interface FolderSlugsTable {
  user_id: string
  slug: string
  folder_id: string
}

/** Each account's calendar feed (calendar/calendar-store.ts); no row while it is off. */
export interface CalendarFeedsTable {
  user_id: string
  /** SHA-256 of the address's secret, hex. */
  secret_hash: string
  /** ISO 8601: when this address was made. */
  created_at: string
}
