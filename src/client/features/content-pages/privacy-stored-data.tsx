import { PROFILE_FIELD_NAMES, type ProfileField } from '@shared/profile-fields'
import { STORED_DATA, type StoredData } from '@shared/stored-data'
import { InfoTable } from '@client/components/page-section'
import { useListFormat } from '@client/lib/i18n/format'
import type { Translation } from '@client/lib/i18n/i18n'

/** One kind of data an account keeps, as the privacy page's table says it. */
interface StoredRow {
  name: string
  what: string
  why: string
  kept: string
}

/**
 * The words of the privacy page's table of what an account keeps (part of PRIVACY): a row for
 * every kind of stored data (STORED_DATA), and in the profile's row, every profile field. A field
 * is named by its label in the edit form, in the middle of a sentence (`inSentence`), unless
 * `profileFields` words it otherwise.
 */
export const STORED_DATA_TABLE = {
  tableCaption: 'What your account keeps',
  tableColumns: ['Kind', 'What', 'Why', 'How long'],
  stored: {
    account: {
      name: 'Account',
      what: 'Your e-mail address, whether it is verified, when the account was made and whether two-factor authentication is on; with Google sign-in, also the name and the picture address Google shared.',
      why: 'Signing you in, and writing to you about your account.',
      kept: 'Until you delete the account. An account whose address is never verified is deleted after 7 days.',
    },
    signInMethods: {
      name: 'Sign-in methods',
      what: 'How you sign in: your password, only as a hash (a one-way scramble nobody can read back, not even the operator), and which Google account is linked, each with when it was added. Until your address is verified, the passwords of later sign-ups with it too, as hashes, 5 at most.',
      why: "Checking that it is you. Later sign-ups keep passwords of their own, so nobody's replaces yours before you verify.",
      kept: "Until you remove it or delete the account; the later sign-ups' passwords until the address is verified.",
    },
    sessions: {
      name: 'Sessions',
      what: 'Each browser you are signed in on: when it signed in and was last seen, when the session ends, its IP address and the description its browser sends of itself (the User-Agent).',
      why: 'Keeping you signed in, and the list of where you are signed in.',
      kept: 'Until you sign out or end it. A session ends 7 days after it was last used, and 30 days after you last proved who you are at the latest; it is then removed when its browser comes back, or with the account.',
    },
    browsers: {
      name: 'Browsers',
      what: "Browsers the account has signed in from: a hash of the random id in each one's mofu_device cookie, and when it was first seen. Browsers you trusted to skip two-factor codes: a hash of each one's trust id and the session it last signed in.",
      why: 'Mailing you when the account is signed in to from a browser it has not used before; letting a trusted browser log in with the password alone.',
      kept: 'Known browsers until the account is deleted. A trusted browser until two-factor is turned off or on, the password is reset, you sign out everywhere else or end its session; its trust lasts 30 days from its last log-in.',
    },
    passkeys: {
      name: 'Passkeys',
      what: "Each passkey's public key, credential id and signature counter, the kind of authenticator that holds it, the name you gave it and when it was added. Never your fingerprint, face or PIN: those stay on your device.",
      why: 'Signing you in with it.',
      kept: 'Until you remove it or delete the account.',
    },
    twoFactor: {
      name: 'Two-factor authentication',
      what: 'With two-factor authentication on: the secret your authenticator app shares, encrypted, your backup codes, as hashes, and the newest code step used.',
      why: 'Checking your codes, each only once.',
      kept: 'Until you turn two-factor off or delete the account.',
    },
    profile: {
      name: 'Profile',
      what: 'Your profile: its name; its handle (in lowercase to keep it unique, as you typed it, and in the form that tells look-alikes apart); your avatar and banner, re-encoded when you upload them, which removes hidden metadata such as GPS location, and its share-card picture; your font; your plan and pin counters.',
      why: 'What your profile shows, and your choices following you to your other browsers.',
      kept: 'Until you change it or delete the account.',
    },
    releasedHandles: {
      name: 'Former handles',
      what: 'The handles you changed away from, and when you changed each: at most 3 changes count in 30 days.',
      why: 'They lead to your page, nobody can take them to pass for you, and a recovery gives yours back.',
      kept: '30 days, also after the account is deleted (then tied to no account); the latest change until the account is deleted.',
    },
    securityActivity: {
      name: 'Security activity',
      what: 'Your recent security activity: each sign-in (how, the browser and system, and the network it came from, only the first part of its IP address), failed sign-ins counted per day, and changes to the account.',
      why: 'Showing you what happened to your account.',
      kept: '90 days.',
    },
    addressChanges: {
      name: 'Changes of address',
      what: "A change of address you asked for: the new address and a hash of its link's code. Every change made: the old and the new address, and when.",
      why: 'Finishing the change from the new address. For 7 days the old address hears of every change to how the account signs in, and may take the account back.',
      kept: 'A pending change until its link is used (it works 1 hour), replaced or cancelled; the changes made until the account is deleted.',
    },
    recovery: {
      name: 'Taking the account back',
      what: 'Links that take the account back ("This wasn\'t me"), only as hashes of their codes, and when the account was last taken back.',
      why: 'Letting you take your account back; reset links sent before that stop working.',
      kept: 'A link until it is used (it works 7 days from the mail to an old address, 1 hour from the activity list); the last recovery until the account is deleted.',
    },
    disabled: {
      name: 'Disabled accounts',
      what: 'If the operator disabled the account: when, and the reason they noted.',
      why: 'Nobody signs in to a disabled account.',
      kept: 'Until the operator enables it again.',
    },
    pendingCodes: {
      name: 'Codes under way',
      what: 'Codes a step is waiting for: password-reset links, Google sign-ins and passkey prompts under way, log-ins waiting for a two-factor code, and browsers trusted to skip it; each found by a hash of its code, and naming the account.',
      why: 'Finishing what you started, only with the code that started it.',
      kept: 'Until it is used or its time is up: minutes, an hour for a reset link, 30 days for a trusted browser.',
    },
    limitCounters: {
      name: 'Abuse limits',
      what: 'Counts for the abuse limits: requests per IP address, failed log-ins and mails per e-mail address, and uploads, downloads and link checks per account.',
      why: 'Stopping password guessing and floods of requests.',
      kept: 'A minute to an hour.',
    },
    likes: {
      name: 'Likes',
      what: 'The anime you like, when you liked each, its status and your private note, the folders of your board and where each title sits, which titles you pinned and which folders you made public, and, while your calendar feed is on, a fingerprint of its secret address (never the address itself).',
      why: 'Keeping your board, showing the folders you make public, serving your calendar feed, and counting how many people here like a title (only the count is shown).',
      kept: 'Until you remove the like or the folder, turn the feed off, or delete the account.',
    },
  } satisfies Record<StoredData, StoredRow>,
  fields: (names: string) => `The profile fields you fill in: ${names}.`,
  /** The fields named here otherwise than by their label in the edit form. */
  profileFields: {
    links: 'links (and which of them link back to your page)',
    noindex: 'whether search engines may list your page',
  } satisfies Partial<Record<ProfileField, string>>,
  preferencesKept: (names: string) => `The preferences your browsers chose: ${names}.`,
}

/** The profile fields' labels in the edit form, by field. */
export type ProfileFieldLabels = Readonly<Record<ProfileField, string>>

/**
 * A label as the middle of a sentence writes it: a capital that starts it in lowercase, as
 * English writes a noun there, unless it starts an abbreviation (ID, URL). Japanese has no
 * capitals: its labels read as they are.
 */
const inSentence = (label: string) =>
  label.replace(/^\p{Lu}(?!\p{Lu})/u, (capital) => capital.toLowerCase())

/** Every profile field, in the order of PROFILE_FIELDS, as the privacy page names it. */
export function profileFieldNames(
  words: Translation<typeof STORED_DATA_TABLE>,
  fieldLabels: ProfileFieldLabels,
): string[] {
  const worded: Partial<Record<ProfileField, string>> = words.profileFields
  return PROFILE_FIELD_NAMES.map((name) => worded[name] ?? inSentence(fieldLabels[name]))
}

/**
 * The table of what an account keeps, a row for each kind; the profile's row also names the
 * profile fields, by `fieldLabels`, the edit form's labels, where `profileFields` has no words of
 * its own, and `preferences`, the preferences the account keeps.
 */
export function StoredDataTable({
  words,
  fieldLabels,
  preferences,
}: {
  words: Translation<typeof STORED_DATA_TABLE>
  fieldLabels: ProfileFieldLabels
  preferences: string
}) {
  const list = useListFormat()
  const rows = STORED_DATA.map((kind) => {
    const { name, what, why, kept } = words.stored[kind]
    if (kind !== 'profile') return [name, what, why, kept]
    const profile = (
      <>
        <p>{what}</p>
        <p className="mt-2">{words.fields(list(profileFieldNames(words, fieldLabels)))}</p>
        <p className="mt-2">{words.preferencesKept(preferences)}</p>
      </>
    )
    return [name, profile, why, kept]
  })
  return <InfoTable caption={words.tableCaption} columns={words.tableColumns} rows={rows} />
}
