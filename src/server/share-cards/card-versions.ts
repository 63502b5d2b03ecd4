import { createHash } from 'node:crypto'
import type { Selectable } from 'kysely'
import type { ProfilesTable } from '../db/profile-tables'

type ProfileRow = Selectable<ProfilesTable>
/** What a card is made from; each input is part of its version. */
export type CardRow = Pick<
  ProfileRow,
  | 'user_id'
  | 'name'
  | 'username'
  | 'display_username'
  | 'accent'
  | 'frame'
  | 'avatar_version'
  | 'banner_version'
>

/** Raised when the card's drawing changes, so every stored card is made again. */
const CARD_DESIGN = 1

export const shareCardKey = (uid: string) => `cards/${uid}`

/** The card's version: the first 16 hex digits of the SHA-256 of its inputs. */
export function shareCardVersion(row: CardRow): string {
  const inputs = [
    CARD_DESIGN,
    row.name,
    row.display_username ?? row.username ?? '',
    row.accent,
    row.frame,
    row.avatar_version,
    row.banner_version,
  ]
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16)
}

/** The address of the profile's current card, from today's PUBLIC_URL. */
export const shareCardUrl = (publicUrl: string, row: CardRow) =>
  `${publicUrl}/media/cards/${encodeURIComponent(row.user_id)}.jpg?v=${shareCardVersion(row)}`

/**
 * The version travels inside the stored JPEG, in a comment segment right after its start: the
 * storage keeps no metadata of its own, and one key per profile leaves no old card behind.
 */
const COMMENT = 'mofu-card '

export function withVersion(jpeg: Buffer, version: string): Buffer {
  const text = Buffer.from(`${COMMENT}${version}`, 'latin1')
  const length = Buffer.alloc(2)
  length.writeUInt16BE(text.length + 2)
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xfe]),
    length,
    text,
    jpeg.subarray(2),
  ])
}

/** The version a stored card was made for, '' when it carries none. */
export function storedCardVersion(jpeg: Buffer): string {
  if (jpeg.length < 6 || jpeg[2] !== 0xff || jpeg[3] !== 0xfe) return ''
  const text = jpeg.subarray(6, 4 + jpeg.readUInt16BE(4)).toString('latin1')
  return text.startsWith(COMMENT) ? text.slice(COMMENT.length) : ''
}
