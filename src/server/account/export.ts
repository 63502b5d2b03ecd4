import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'
import type { Kysely } from 'kysely'
import { boardOf } from '../board/board-reads'
import { feedSince } from '../calendar/calendar-store'
import type { Tables } from '../db/tables'
import type { PlanBook } from '../plans/plan-book'
import { profileFields } from '../profiles/profile-answers'
import { storedPreferences, type ProfileStore } from '../stores/profile-store'
import { handleChangesOf, releasedHandlesOf } from '../stores/handle-history'
import { avatarKey, mediaKey } from '../storage/avatar-object'
import type { ObjectStorage } from '../storage/object-storage'
import type { Auth } from '../auth/auth'
import { describeUserAgent } from '../user-agent'
import type { LiveSession } from '../sessions/session-store'
import { allActivity } from './security-activity'
import { isLive } from './sessions'

/** The JSON file of "Download my data" (docs/using.md "Your data"). */
const EXPORT_DATA_FILE = 'mofu-data.json'
const EXPORT_AVATAR_FILE = 'avatar.jpg'
const EXPORT_BANNER_FILE = 'banner.jpg'

interface ExportFile {
  name: string
  data: Uint8Array
  /** JPEG is compressed already: stored as it is. */
  compress: boolean
}

/**
 * Everything Mofu keeps about the signed-in user, without a secret: no password hash, session
 * token, provider token, or a passkey's key or credential id. Read through Better Auth, so
 * sessions are found wherever they are kept. Page views are not personal (counted per path and
 * day) and are not part of it.
 */
async function accountData(
  { auth, db, profiles, storage, plans }: ExportDeps,
  { userId: uid, id: currentId }: LiveSession,
): Promise<ExportFile[]> {
  const context = await auth.$context
  const [
    user,
    sessions,
    accounts,
    passkeys,
    profile,
    avatar,
    banner,
    activity,
    released,
    changes,
    board,
    feed,
  ] = await Promise.all([
    // The user's row with the two-factor plugin's flag, which the core's user type leaves out.
    context.adapter.findOne<{
      email: string
      emailVerified: boolean
      twoFactorEnabled?: boolean | null
      createdAt: Date
    }>({ model: 'user', where: [{ field: 'id', value: uid }] }),
    context.internalAdapter.listSessions(uid),
    context.internalAdapter.findAccounts(uid),
    context.adapter.findMany<{ name?: string | null; createdAt?: Date | null }>({
      model: 'passkey',
      where: [{ field: 'userId', value: uid }],
    }),
    profiles.loadOrCreate(uid),
    storage.get(avatarKey(uid)),
    storage.get(mediaKey('banners', uid)),
    allActivity(db, uid),
    releasedHandlesOf(db, uid, new Date()),
    handleChangesOf(db, uid),
    boardOf(db, uid),
    feedSince(db, uid),
  ])
  const data = {
    exportedAt: new Date().toISOString(),
    account: {
      id: uid,
      email: user?.email ?? null,
      emailVerified: user?.emailVerified ?? null,
      // Whether it is on, never the secret or the backup codes.
      twoFactorEnabled: user?.twoFactorEnabled === true,
      createdAt: user?.createdAt ?? null,
      signInMethods: accounts.map((account) => ({
        provider: account.providerId === 'credential' ? 'password' : account.providerId,
        since: account.createdAt,
      })),
    },
    profile: {
      name: profile.name,
      username: profile.username ?? '',
      displayUsername: profile.display_username ?? profile.username ?? '',
      avatar: avatar === null ? null : EXPORT_AVATAR_FILE,
      banner: banner === null ? null : EXPORT_BANNER_FILE,
      font: profile.font,
      ...plans.allowance(profile),
      preferences: storedPreferences(profile.preferences),
      ...profileFields(profile),
      // The handles changed away from that still redirect here, and until when.
      releasedHandles: released.map((handle) => ({
        username: handle.username,
        reservedUntil: handle.expires_at,
      })),
      // The changes of handle kept for the limit on them: the handle left, and when.
      handleChanges: changes.map((change) => ({
        from: change.display_username,
        at: change.changed_at,
      })),
    },
    // What the owner named each passkey and when it was added: never its key or credential id.
    passkeys: passkeys.map((passkey) => ({
      name: passkey.name ?? null,
      createdAt: passkey.createdAt ?? null,
    })),
    sessions: sessions.filter(isLive).map((session) => ({
      thisDevice: session.id === currentId,
      signedInAt: session.createdAt,
      lastSeenAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress ?? null,
      // Named as the sessions list names them: the header itself is whatever the client wrote.
      ...describeUserAgent(session.userAgent),
    })),
    // The board's folders in the owner's order, then the titles liked, Unsorted first and then
    // folder by folder, each in the owner's order, with the catalog's names for them.
    folders: board.folders.map((folder) => ({
      id: folder.id,
      name: folder.name,
      orderKey: folder.orderKey,
      createdAt: folder.createdAt,
      public: folder.public,
      slug: folder.slug,
    })),
    likes: board.likes.map((like) => ({
      animeId: like.anime.id,
      title: like.anime.title,
      folderId: like.folderId,
      orderKey: like.orderKey,
      likedAt: like.likedAt,
      status: like.status,
      note: like.note,
      pinKey: like.pinKey,
    })),
    // The pinned titles, in the owner's order.
    pinned: board.pinned,
    // Whether the calendar feed is on, and since when: never its address, which is a secret.
    calendarFeed: { enabled: feed !== null, since: feed },
    // The security activity of the last 90 days, as the account panel lists it.
    activity: activity.map((entry) => ({
      event: entry.event,
      at: entry.at,
      method: entry.method,
      browser: entry.browser,
      system: entry.system,
      network: entry.network,
      count: entry.count,
    })),
  }
  const files: ExportFile[] = [
    {
      name: EXPORT_DATA_FILE,
      data: new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`),
      compress: true,
    },
  ]
  if (avatar !== null) files.push({ name: EXPORT_AVATAR_FILE, data: avatar.body, compress: false })
  if (banner !== null) files.push({ name: EXPORT_BANNER_FILE, data: banner.body, compress: false })
  return files
}

/** The files as a zip archive, produced chunk by chunk as the response is read. */
function zipStream(files: ExportFile[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error !== null) return controller.error(error)
        controller.enqueue(chunk)
        if (final) controller.close()
      })
      for (const file of files) {
        const entry = file.compress
          ? new ZipDeflate(file.name, { level: 6 })
          : new ZipPassThrough(file.name)
        zip.add(entry)
        entry.push(file.data, true)
      }
      zip.end()
    },
  })
}

interface ExportDeps {
  auth: Auth
  db: Kysely<Tables>
  profiles: ProfileStore
  storage: ObjectStorage
  plans: PlanBook
}

export async function accountExport(
  deps: ExportDeps,
  session: LiveSession,
): Promise<ReadableStream<Uint8Array>> {
  return zipStream(await accountData(deps, session))
}
