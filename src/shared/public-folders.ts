// zod/mini, not zod: the profile pages load this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { AnimeSummarySchema } from './anime'
import type { Language } from './language'
import { PublicProfileSchema } from './profile'

/**
 * Public folders (docs/using.md "Public folders"): what anyone sees of a folder its owner made
 * public, on /@handle and on the folder's own page /@handle/slug. A folder's statuses and notes
 * stay the owner's; only its name and its titles, in the owner's order, are shown.
 */

/** Titles a folder shows on /@handle, as card art. */
export const FOLDER_CARD_TITLES = 4
/** Titles a folder's own page lists at most, in the owner's order. */
export const FOLDER_PAGE_TITLES = 500

/** A public folder as /@handle lists it. */
export const PublicFolderCardSchema = z.object({
  name: z.string(),
  slug: z.string(),
  /** How many titles it holds. */
  count: z.number(),
  /** Its first FOLDER_CARD_TITLES titles. */
  titles: z.array(AnimeSummarySchema),
})
export type PublicFolderCard = z.infer<typeof PublicFolderCardSchema>

/** Pinned titles /@handle shows at most, in their pinned order. */
export const PROFILE_PINNED_TITLES = 100

/**
 * GET /api/profiles/:handle: the public profile with its pinned titles (their summaries, in the
 * owner's pinned order) and its public folders, in the owner's order.
 */
export const ProfileWithFoldersSchema = z.extend(PublicProfileSchema, {
  pinned: z.array(AnimeSummarySchema),
  folders: z.array(PublicFolderCardSchema),
})
export type ProfileWithFolders = z.infer<typeof ProfileWithFoldersSchema>

/** GET /api/profiles/:handle/folders/:slug: one public folder and whose it is. */
export const PublicFolderSchema = z.object({
  name: z.string(),
  slug: z.string(),
  count: z.number(),
  /** Its first FOLDER_PAGE_TITLES titles, in the owner's order. */
  titles: z.array(AnimeSummarySchema),
  owner: z.object({ name: z.string(), username: z.string(), displayUsername: z.string() }),
})
export type PublicFolder = z.infer<typeof PublicFolderSchema>

/**
 * The element of a server-rendered /@handle/slug page holding the folder it was rendered with
 * (JSON), so the page's first render in the browser draws the same markup and hydrates it.
 */
export const SERVED_FOLDER_ELEMENT_ID = 'mofu-folder'

/** A public folder's address. */
export const publicFolderPath = (handle: string, slug: string) =>
  `/@${handle}/${encodeURIComponent(slug)}`

/** Who made the folder, as its page and its link preview name them. */
const ownerName = ({ owner }: PublicFolder) =>
  owner.name === '' ? `@${owner.displayUsername}` : `${owner.name} (@${owner.displayUsername})`

/**
 * A folder page's title and the line a link preview shows under it, in a language: drawn by
 * the server even when the build has no renderer, so every shared link previews.
 */
export function folderHeadline(
  folder: PublicFolder,
  language: Language,
): { title: string; description: string } {
  const owner = ownerName(folder)
  return language === 'ja'
    ? {
        title: `${folder.name}（${owner}）`,
        description: `${owner}さんのMofuのフォルダー「${folder.name}」：${folder.count}作品`,
      }
    : {
        title: `${folder.name} (${owner})`,
        description: `${folder.name}: a folder of ${folder.count} ${folder.count === 1 ? 'title' : 'titles'} by ${owner} on Mofu`,
      }
}
