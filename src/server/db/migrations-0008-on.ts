import { sql, type Migration } from 'kysely'
import { uniqueSlug } from '../../shared/board'
import { SKELETON_REPLACEMENTS } from '../../shared/handle-skeleton'
import type { DialectName } from './database'

/**
 * Migrations 0008 on: look-alike handles, known browsers, disabled accounts, two-factor codes,
 * passkeys, avatar thumbhashes, preferences with the account, when a session last proved its
 * owner, trusted browsers, the account's security activity, pending e-mail changes and recovery,
 * profile fields, released handles, the catalog, the board, and pins and plans (see migrations.ts).
 */
export function migrations0008On(dialect: DialectName): Record<string, Migration> {
  // Better Auth reads booleans and dates as each dialect stores them natively.
  const bool = dialect === 'postgres' ? 'boolean' : 'integer'
  const date = dialect === 'postgres' ? 'timestamptz' : 'date'
  return {
    '0008_handle_skeleton': {
      // Look-alike handles (`rnofu` beside `mofu`) are refused from now on; the unique index is
      // what holds under races. Of look-alikes that already exist, the earliest user's profile
      // keeps its skeleton; the others keep their handle with none (logged once at start-up).
      async up(db) {
        await db.schema.alterTable('profiles').addColumn('handle_skeleton', 'text').execute()
        const skeleton = SKELETON_REPLACEMENTS.reduce(
          (expression, [from, to]) => sql`replace(${expression}, ${sql.lit(from)}, ${sql.lit(to)})`,
          sql`username`,
        )
        await sql`update profiles set handle_skeleton = ${skeleton} where username is not null`.execute(
          db,
        )
        // The earliest of each group is never cleared, so the order rows are visited in is free.
        await sql`
          update profiles set handle_skeleton = null
          where handle_skeleton is not null and exists (
            select 1 from profiles earlier
            join "user" earlier_user on earlier_user.id = earlier.user_id
            join "user" this_user on this_user.id = profiles.user_id
            where earlier.handle_skeleton = profiles.handle_skeleton
              and (earlier_user."createdAt" < this_user."createdAt"
                or (earlier_user."createdAt" = this_user."createdAt" and earlier.user_id < profiles.user_id))
          )
        `.execute(db)
        await db.schema
          .createIndex('profiles_handle_skeleton_key')
          .on('profiles')
          .column('handle_skeleton')
          .unique()
          .execute()
      },
    },
    '0009_known_devices': {
      // Which browsers (by a hash of their device cookie) an account has signed in from, so a
      // sign-in from a new one can be mailed to the owner.
      async up(db) {
        await db.schema
          .createTable('known_devices')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('device_hash', 'text', (c) => c.notNull())
          .addColumn('first_seen', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('known_devices_pkey', ['user_id', 'device_hash'])
          .execute()
      },
    },
    '0010_disabled_users': {
      // Accounts an operator disabled (`mofu users disable`): no session starts for them until
      // they are enabled again. A row of its own, so Better Auth's user table stays its own.
      async up(db) {
        await db.schema
          .createTable('disabled_users')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('reason', 'text')
          .addColumn('disabled_at', 'text', (c) => c.notNull())
          .execute()
      },
    },
    '0011_two_factor': {
      // Better Auth's two-factor plugin: its flag on the user and its table (the TOTP secret and
      // the backup codes, both encrypted with the auth secret), as its schema generator writes
      // them. totp_last_steps is Mofu's: the newest 30-second step each user has signed in
      // with, so a code is accepted once (auth/two-factor-codes.ts).
      async up(db) {
        await db.schema
          .alterTable('user')
          .addColumn('twoFactorEnabled', bool, (c) => c.defaultTo(sql.lit(false)))
          .execute()
        await db.schema
          .createTable('twoFactor')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('secret', 'text', (c) => c.notNull())
          .addColumn('backupCodes', 'text', (c) => c.notNull())
          .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('verified', bool, (c) => c.defaultTo(sql.lit(true)))
          .addColumn('failedVerificationCount', 'integer', (c) => c.defaultTo(0))
          .addColumn('lockedUntil', date)
          .execute()
        await db.schema
          .createIndex('twoFactor_secret_idx')
          .on('twoFactor')
          .column('secret')
          .execute()
        await db.schema
          .createIndex('twoFactor_userId_idx')
          .on('twoFactor')
          .column('userId')
          .execute()
        await db.schema
          .createTable('totp_last_steps')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('step', 'bigint', (c) => c.notNull())
          .execute()
      },
    },
    '0012_passkeys': {
      // Better Auth's passkey plugin table, as its schema describes it: the public key and
      // credential id of each passkey, its signature counter and the name its owner gave it.
      async up(db) {
        await db.schema
          .createTable('passkey')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text')
          .addColumn('publicKey', 'text', (c) => c.notNull())
          .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('credentialID', 'text', (c) => c.notNull())
          .addColumn('counter', 'integer', (c) => c.notNull())
          .addColumn('deviceType', 'text', (c) => c.notNull())
          .addColumn('backedUp', bool, (c) => c.notNull())
          .addColumn('transports', 'text')
          .addColumn('createdAt', date)
          .addColumn('aaguid', 'text')
          .execute()
        await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute()
        await db.schema
          .createIndex('passkey_credentialID_idx')
          .on('passkey')
          .column('credentialID')
          .execute()
      },
    },
    '0013_avatar_thumbhash': {
      // A tiny placeholder of each avatar (ThumbHash), painted while the image loads. Avatars
      // stored before have none ('') and show the plain circle until their next upload.
      async up(db) {
        await db.schema
          .alterTable('profiles')
          .addColumn('avatar_thumbhash', 'text', (c) => c.notNull().defaultTo(''))
          .execute()
      },
    },
    '0014_profile_preferences': {
      // Theme, font and effects kept with the account (JSON, PreferencesSchema); NULL until the
      // first signed-in browser gives its own.
      async up(db) {
        await db.schema.alterTable('profiles').addColumn('preferences', 'text').execute()
      },
    },
    '0015_page_view_counts_day': {
      // Page views count how many paths a day already has (MAX_PATHS_PER_DAY).
      async up(db) {
        await db.schema
          .createIndex('page_view_counts_day')
          .on('page_view_counts')
          .column('day')
          .execute()
      },
    },
    '0016_session_authenticated_at': {
      // When the session's owner last proved who they are (auth/recent-proof.ts). A session
      // signed in before this migration counts from its sign-in, as it did until now.
      async up(db) {
        await db.schema.alterTable('session').addColumn('authenticatedAt', date).execute()
        await sql`update session set "authenticatedAt" = "createdAt"`.execute(db)
      },
    },
    '0017_trusted_browsers': {
      // The browsers each account trusts to skip two-factor codes; the plugin's own record of
      // one counts only while it is here too. Browsers trusted before are asked once more.
      async up(db) {
        await db.schema
          .createTable('trusted_browsers')
          .addColumn('trust_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('session_id', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('trusted_browsers_user_id')
          .on('trusted_browsers')
          .column('user_id')
          .execute()
        await db.schema
          .createIndex('trusted_browsers_session_id')
          .on('trusted_browsers')
          .column('session_id')
          .execute()
      },
    },
    '0018_passkey_credential_unique': {
      // A credential id names one passkey of one account (WebAuthn §7.1 step 22). Should a
      // database hold one twice, the earliest registration keeps it: a later one with the same
      // id was a key presented as another's.
      async up(db) {
        const rows = await db
          .selectFrom('passkey')
          .select(['id', 'credentialID'])
          .orderBy('createdAt')
          .orderBy('id')
          .execute()
        const seen = new Set<string>()
        const later = rows.filter((row) => seen.size === seen.add(row.credentialID).size)
        if (later.length > 0) {
          await db
            .deleteFrom('passkey')
            .where(
              'id',
              'in',
              later.map((row) => row.id),
            )
            .execute()
        }
        // Under the name Better Auth's schema gives it, now unique.
        await db.schema.dropIndex('passkey_credentialID_idx').execute()
        await db.schema
          .createIndex('passkey_credentialID_idx')
          .on('passkey')
          .column('credentialID')
          .unique()
          .execute()
      },
    },
    '0019_security_activity': {
      // The security events each owner sees in the account panel (security-events.ts), for 90
      // days; read newest first per user. Failed sign-ins of one day are one row with a count.
      async up(db) {
        await db.schema
          .createTable('security_activity')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('event', 'text', (c) => c.notNull())
          .addColumn('at', 'text', (c) => c.notNull())
          .addColumn('method', 'text')
          .addColumn('browser', 'text')
          .addColumn('system', 'text')
          .addColumn('network', 'text')
          .addColumn('session_id', 'text')
          .addColumn('count', 'integer', (c) => c.notNull().defaultTo(1))
          .execute()
        await db.schema
          .createIndex('security_activity_user_at')
          .on('security_activity')
          .columns(['user_id', 'at', 'id'])
          .execute()
        await db.schema
          .createIndex('security_activity_at')
          .on('security_activity')
          .column('at')
          .execute()
      },
    },
    '0020_email_changes': {
      // The one pending change of address of each account (its latest request): the hash of the
      // code mailed to the new address, which works once, until it expires.
      async up(db) {
        await db.schema
          .createTable('email_changes')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('code_hash', 'text', (c) => c.notNull().unique())
          .addColumn('new_email', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute()
      },
    },
    '0021_account_recovery': {
      // Recovery (auth/account-recovery.ts): a pending change belongs to the session that asked
      // for it and knows when that session's holder first proved who they are; each change of
      // address is remembered for the week its old address may take the account back; and the
      // links that take it back (the old address's, and "This wasn't me" in the activity) are
      // kept by the hash of their code with the moment from which everything is disowned; the
      // account's latest recovery voids every reset link sent before it.
      async up(db) {
        await db.schema.alterTable('email_changes').addColumn('session_id', 'text').execute()
        await db.schema.alterTable('email_changes').addColumn('disown_since', 'text').execute()
        await db.schema
          .createTable('address_changes')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('old_email', 'text', (c) => c.notNull())
          .addColumn('new_email', 'text', (c) => c.notNull())
          .addColumn('changed_at', 'text', (c) => c.notNull())
          .addColumn('disown_since', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('address_changes_user_id')
          .on('address_changes')
          .columns(['user_id', 'changed_at'])
          .execute()
        await db.schema
          .createTable('recovery_codes')
          .addColumn('code_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('disown_since', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createTable('account_recoveries')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('recovered_at', 'text', (c) => c.notNull())
          .execute()
      },
    },
    '0022_sign_up_passwords': {
      // The password of each later sign-up for an address nobody has verified, kept apart from
      // the account's own until the address's owner proves which one they chose.
      async up(db) {
        await db.schema
          .createTable('sign_up_passwords')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('sign_up_passwords_user')
          .on('sign_up_passwords')
          .columns(['user_id', 'created_at'])
          .execute()
      },
    },
    '0023_profile_fields': {
      // What a profile says besides name and handle (profile-fields.ts): '' or [] while unset.
      // Links are JSON, a list of { label, url }.
      async up(db) {
        for (const column of ['bio', 'pronouns', 'accent', 'frame']) {
          await db.schema
            .alterTable('profiles')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
            .execute()
        }
        await db.schema
          .alterTable('profiles')
          .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute()
      },
    },
    '0024_released_handles': {
      // The handles users changed away from (profiles/released-handles.ts): reserved for their
      // last holder and redirecting to them until expires_at. A deleted account's handles stay
      // reserved with no one behind them (user_id NULL), so nothing links them to the person.
      async up(db) {
        await db.schema
          .createTable('released_handles')
          .addColumn('username', 'text', (c) => c.primaryKey())
          .addColumn('skeleton', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('set null'))
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('released_handles_skeleton')
          .on('released_handles')
          .column('skeleton')
          .execute()
        await db.schema
          .createIndex('released_handles_user_id')
          .on('released_handles')
          .column('user_id')
          .execute()
        await db.schema
          .createIndex('released_handles_expires_at')
          .on('released_handles')
          .column('expires_at')
          .execute()
      },
    },
    '0025_verified_links': {
      // The profile's links whose pages link back to it (profiles/link-check.ts), and the handle
      // they linked back to: columns of their own, so a release reading `links` meets no key
      // it does not know.
      async up(db) {
        await db.schema
          .alterTable('profiles')
          .addColumn('verified_links', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute()
        await db.schema
          .alterTable('profiles')
          .addColumn('verified_for', 'text', (c) => c.notNull().defaultTo(''))
          .execute()
      },
    },
    '0026_profile_noindex': {
      // 1 when the profile asks search engines not to list its /@handle page; 0 by default.
      async up(db) {
        await db.schema
          .alterTable('profiles')
          .addColumn('noindex', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
      },
    },
    '0027_profile_banner': {
      // The profile banner's version and thumbhash, as the avatar's: '' while there is none.
      async up(db) {
        for (const column of ['banner_version', 'banner_thumbhash']) {
          await db.schema
            .alterTable('profiles')
            .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
            .execute()
        }
      },
    },
    '0028_recovery_link_addresses': {
      // The address each recovery link was mailed to: the recovery gives that address back and
      // voids the links mailed to it and to every later address. Null for links made before.
      async up(db) {
        await db.schema.alterTable('recovery_codes').addColumn('email', 'text').execute()
      },
    },
    '0029_handle_changes': {
      // Each change of a user's handle (profiles/released-handles.ts): how many changes of the
      // last 30 days count against the limit, and which handle a recovery gives back. Gone
      // with the user.
      async up(db) {
        await db.schema
          .createTable('handle_changes')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('display_username', 'text', (c) => c.notNull())
          .addColumn('changed_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('handle_changes_pkey', ['user_id', 'seq'])
          .execute()
        await db.schema
          .createIndex('handle_changes_changed_at')
          .on('handle_changes')
          .column('changed_at')
          .execute()
      },
    },
    '0030_catalog': {
      // The anime catalog (catalog/): one row per title of the loaded bangumi-data, kept when a
      // newer file no longer has it (missing_since), so a liked title never goes. Lists are JSON.
      // catalog_state holds one row: what was loaded, and the claim of the instance loading now.
      async up(db) {
        await db.schema
          .createTable('catalog_titles')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('lang', 'text', (c) => c.notNull())
          .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('begin_at', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('end_at', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('broadcast', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('official_site', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('sites', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('source_keys', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('mal_id', 'text')
          .addColumn('loaded_generation', 'integer', (c) => c.notNull())
          .addColumn('missing_since', 'text')
          .execute()
        await db.schema
          .createIndex('catalog_titles_mal_id')
          .on('catalog_titles')
          .column('mal_id')
          .execute()
        await db.schema
          .createTable('catalog_state')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('version', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('shipped_hash', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('loaded_at', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('claim', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute()
      },
    },
    '0031_likes': {
      // The titles each user likes (board/): the primary key is what makes a second heart of
      // the same title, from a double click or another tab, no second like. folder_id is NULL
      // for Unsorted; order_key is a fractional index, so a move writes one row.
      async up(db) {
        await db.schema
          .createTable('likes')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('anime_id', 'text', (c) => c.notNull().references('catalog_titles.id'))
          .addColumn('folder_id', 'text')
          .addColumn('order_key', 'text', (c) => c.notNull())
          .addColumn('liked_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('likes_pkey', ['user_id', 'anime_id'])
          .execute()
        await db.schema.createIndex('likes_anime_id').on('likes').column('anime_id').execute()
      },
    },
    '0032_board': {
      // The board (board/): folders each user names and orders (order_key, a fractional index),
      // their names unique per user ignoring case (name_key), and each like's status and private
      // note. A like's folder_id names one of its user's folders; the store keeps it so (SQLite
      // cannot add a foreign key to a table), and deleting a folder moves its likes to Unsorted.
      async up(db) {
        await db.schema
          .createTable('folders')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_key', 'text', (c) => c.notNull())
          .addColumn('order_key', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute()
        await db.schema
          .createIndex('folders_user_id_name_key')
          .on('folders')
          .columns(['user_id', 'name_key'])
          .unique()
          .execute()
        await db.schema
          .alterTable('likes')
          .addColumn('status', 'text', (c) =>
            c.check(sql`status in ('want', 'watching', 'watched', 'dropped')`),
          )
          .execute()
        await db.schema
          .alterTable('likes')
          .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
          .execute()
        await db.schema
          .createIndex('likes_user_id_folder_id')
          .on('likes')
          .columns(['user_id', 'folder_id', 'order_key'])
          .execute()
      },
    },
    '0033_pins_plans': {
      // Pins and plans (plans/): a pinned like's place among its user's pinned titles (pin_key,
      // a fractional index, NULL when not pinned), and when an operator's grant of a plan ends
      // (plan_until, NULL for no end), indexed for each instance's sweep of the grants due.
      async up(db) {
        await db.schema.alterTable('likes').addColumn('pin_key', 'text').execute()
        await db.schema.alterTable('profiles').addColumn('plan_until', 'text').execute()
        await db.schema
          .createIndex('profiles_plan_until')
          .on('profiles')
          .column('plan_until')
          .execute()
      },
    },
    '0034_public_folders': {
      // Public folders (board/public-folders.ts): whether anyone may see a folder, the slug of
      // its address (unique per user), and the slugs it had before a rename, which lead to it.
      // Existing folders stay private and get their slugs in the order they were made.
      async up(db) {
        await db.schema
          .alterTable('folders')
          .addColumn('public', 'integer', (c) => c.notNull().defaultTo(0))
          .execute()
        await db.schema
          .alterTable('folders')
          .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
          .execute()
        const folders = await sql<{ id: string; user_id: string; name: string }>`
          select id, user_id, name from folders order by user_id, created_at, id`.execute(db)
        const taken = new Map<string, Set<string>>()
        for (const folder of folders.rows) {
          const slugs = taken.get(folder.user_id) ?? new Set<string>()
          taken.set(folder.user_id, slugs)
          const slug = uniqueSlug(folder.name, slugs)
          slugs.add(slug)
          await sql`update folders set slug = ${slug} where id = ${folder.id}`.execute(db)
        }
        await db.schema
          .createIndex('folders_user_id_slug')
          .on('folders')
          .columns(['user_id', 'slug'])
          .unique()
          .execute()
        await db.schema
          .createTable('folder_slugs')
          .addColumn('user_id', 'text', (c) =>
            c.notNull().references('user.id').onDelete('cascade'),
          )
          .addColumn('slug', 'text', (c) => c.notNull())
          .addColumn('folder_id', 'text', (c) =>
            c.notNull().references('folders.id').onDelete('cascade'),
          )
          .addPrimaryKeyConstraint('folder_slugs_pkey', ['user_id', 'slug'])
          .execute()
        await db.schema
          .createIndex('folder_slugs_folder_id')
          .on('folder_slugs')
          .column('folder_id')
          .execute()
      },
    },
    '0035_calendar_feed': {
      // Each account's calendar feed (calendar/): at most one address, its secret kept as a
      // SHA-256 hash (unique, so a feed is found by it). No row: the feed is off.
      async up(db) {
        await db.schema
          .createTable('calendar_feeds')
          .addColumn('user_id', 'text', (c) =>
            c.primaryKey().references('user.id').onDelete('cascade'),
          )
          .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute()
      },
    },
    '0036_pinned_likes_index': {
      // A user's pinned titles, read by every /@handle and every pin, found without reading each
      // of their likes: a partial index holds the pinned ones alone.
      async up(db) {
        await db.schema
          .createIndex('likes_user_id_pin_key')
          .on('likes')
          .columns(['user_id', 'pin_key'])
          .where(sql.ref('pin_key'), 'is not', null)
          .execute()
      },
    },
  }
}
