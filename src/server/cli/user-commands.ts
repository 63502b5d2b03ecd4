import { APIError } from 'better-auth/api'
import { z } from 'zod'
import { LANGUAGES } from '../../shared/language'
import { HANDLE_RELEASE_DAYS, normalizeHandle } from '../../shared/profile'
import {
  createAccount,
  deleteAccountAsOperator,
  disableAccount,
  enableAccount,
  INVITATION_VALID_HOURS,
  recoverAsOperator,
  verifyEmail,
  type AccountAdminDeps,
} from '../account/admin'
import { findUser, listUsers, type UserSummary } from '../auth/user-store'
import { FREE_PLAN } from '../../shared/plans'
import { planBook } from '../plans/plan-book'
import { grantPlan } from '../plans/plan-grants'
import { MailError } from '../mail/mailer'
import { profileStore } from '../stores/profile-store'
import {
  CommandError,
  parseInput,
  table,
  UsageError,
  type Command,
  type CommandContext,
} from './command'

const EmailSchema = z
  .email({ message: 'expected an e-mail address' })
  .transform((email) => email.toLowerCase())
/** Better Auth's ids: 32 letters and digits by default; a little room for other generators. */
const IdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: 'expected a user id' })

/**
 * When a plan ends: a day means the end of that day in UTC (the plan lasts through it), a
 * moment is taken as it is.
 */
const UntilSchema = z.union(
  [
    z.iso.date().transform((day) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000)),
    z.iso.datetime({ offset: true }).transform((moment) => new Date(moment)),
  ],
  { message: '--until: expected a day like 2026-12-31 or a moment like 2026-12-31T15:00:00Z' },
)

type UserRef = { id: string } | { email: string } | { handle: string }

/** `<id|email>`: an address when it has an @, else an id. */
function idOrEmail(input: string | undefined): UserRef {
  return input?.includes('@')
    ? { email: parseInput(EmailSchema, input) }
    : { id: parseInput(IdSchema, input) }
}

const describe = (ref: UserRef) =>
  'id' in ref ? `id ${ref.id}` : 'email' in ref ? ref.email : `handle @${ref.handle}`

async function mustFind(context: CommandContext, ref: UserRef): Promise<UserSummary> {
  const { database } = await context.services()
  const user = await findUser(database.db, ref)
  if (user === undefined) throw new CommandError(`No account with ${describe(ref)}.`)
  return user
}

async function adminDeps(context: CommandContext): Promise<AccountAdminDeps> {
  const { auth, database, storage } = await context.services()
  return {
    auth,
    db: database.db,
    storage,
    profiles: profileStore(database),
    logger: context.logger,
  }
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no')
const disabledText = (user: UserSummary) =>
  user.disabled === null
    ? 'no'
    : `since ${user.disabled.at}${user.disabled.reason === null ? '' : ` (${user.disabled.reason})`}`

function card(user: UserSummary): string {
  return table(
    ['id', user.id],
    [
      ['e-mail', user.email],
      ['verified', yesNo(user.verified)],
      ['handle', user.handle === null ? '(none)' : `@${user.handle}`],
      ['created', user.createdAt],
      ['last seen', user.lastSeen ?? 'never'],
      ['disabled', disabledText(user)],
    ],
  )
}

const ref = '<id|email>'

export const userCommands: Command[] = [
  {
    name: ['users', 'list'],
    args: '',
    summary: 'Every account, oldest first.',
    positionals: 0,
    async run(context) {
      const { database } = await context.services()
      const users = await listUsers(database.db)
      const rows = users.map((user) => [
        user.id,
        user.email,
        yesNo(user.verified),
        user.handle === null ? '' : `@${user.handle}`,
        user.createdAt,
        user.lastSeen ?? 'never',
        user.disabled === null ? 'no' : 'yes',
      ])
      const header = ['ID', 'E-MAIL', 'VERIFIED', 'HANDLE', 'CREATED', 'LAST SEEN', 'DISABLED']
      context.print(`${table(header, rows)}\n${users.length} account(s)`, users)
    },
  },
  {
    name: ['users', 'find'],
    args: '<email-or-handle>',
    summary: 'One account by e-mail address, handle (with or without @) or id.',
    positionals: 1,
    async run(context, [input = '']) {
      const looksLikeEmail = input.includes('@') && !input.startsWith('@')
      const candidates: UserRef[] = looksLikeEmail
        ? [{ email: parseInput(EmailSchema, input) }]
        : [
            { handle: normalizeHandle(input).username },
            ...(IdSchema.safeParse(input).success ? [{ id: input }] : []),
          ]
      const { database } = await context.services()
      for (const candidate of candidates) {
        if ('handle' in candidate && candidate.handle === '') continue
        const user = await findUser(database.db, candidate)
        if (user !== undefined) return context.print(card(user), user)
      }
      throw new CommandError(
        `No account with ${looksLikeEmail ? 'e-mail' : 'handle or id'} ${input}.`,
      )
    },
  },
  {
    name: ['users', 'disable'],
    args: `${ref} [--reason TEXT]`,
    summary: 'Ends every session of the account at once and refuses its sign-ins.',
    details: ["Sign-in then answers 'This account has been disabled.'; open tabs sign out."],
    options: { reason: { type: 'string' } },
    positionals: 1,
    async run(context, [input], values) {
      const reason = parseInput(z.string().trim().max(500).optional(), values.reason) || null
      const user = await mustFind(context, idOrEmail(input))
      await disableAccount(await adminDeps(context), user.id, reason)
      context.print(`Disabled ${user.email} (${user.id}); its sessions have ended.`, {
        id: user.id,
        email: user.email,
        disabled: true,
        reason,
      })
    },
  },
  {
    name: ['users', 'enable'],
    args: ref,
    summary: 'Lets a disabled account sign in again.',
    positionals: 1,
    async run(context, [input]) {
      const user = await mustFind(context, idOrEmail(input))
      const was = await enableAccount(await adminDeps(context), user.id)
      context.print(
        was ? `Enabled ${user.email} (${user.id}).` : `${user.email} was not disabled.`,
        { id: user.id, email: user.email, disabled: false, changed: was },
      )
    },
  },
  {
    name: ['users', 'recover'],
    args: `${ref} [--since TIME]`,
    summary: 'Takes the account back for its owner and mails them a link to choose a password.',
    details: [
      'Every session ends, trusted browsers are forgotten, a pending change of address is',
      'cancelled, reset links sent before now stop working and the password is removed. With',
      '--since (ISO 8601, e.g. 2026-11-20T09:00:00Z) the account also gets back the address it had',
      'then, and every passkey, two-factor set-up and Google sign-in added since is removed.',
    ],
    options: { since: { type: 'string' } },
    positionals: 1,
    async run(context, [input], values) {
      const since =
        values.since === undefined
          ? null
          : parseInput(
              z.iso.datetime({
                offset: true,
                message: 'expected a time like 2026-11-20T09:00:00Z',
              }),
              values.since,
            )
      const user = await mustFind(context, idOrEmail(input))
      try {
        const { email, recovered } = await recoverAsOperator(
          await adminDeps(context),
          user.id,
          since === null ? null : new Date(since),
        )
        const removed = [
          recovered.email === null ? null : `address given back: ${recovered.email}`,
          ...recovered.passkeys.map((name) => `passkey removed: ${name}`),
          recovered.twoFactor ? 'two-factor turned off' : null,
          recovered.google ? 'Google sign-in unlinked' : null,
        ].filter((line) => line !== null)
        context.print(
          [
            `Recovered ${email} (${user.id}): every session ended and the password removed.`,
            ...removed,
            'A mail with a link to choose a password is on its way.',
          ].join('\n'),
          { id: user.id, email, recovered, mailSent: true },
        )
      } catch (error) {
        if (!(error instanceof APIError)) throw error
        throw new CommandError(
          `Recovered ${user.email}, but the mail was not sent (${error.message}). ` +
            "The user can ask for a new link with 'Forgot password?'.",
        )
      }
    },
  },
  {
    name: ['users', 'delete'],
    args: `${ref} [--yes]`,
    summary: "Deletes the account as the user's own deletion does, once confirmed.",
    details: [
      `Profile, avatar, sessions and sign-in methods go; the handle stays reserved for ${HANDLE_RELEASE_DAYS} days.`,
      'On a terminal it asks first; --yes deletes without asking (for scripts, where it is',
      'needed: without a terminal and without --yes nothing is deleted).',
    ],
    options: { yes: { type: 'boolean', short: 'y', default: false } },
    positionals: 1,
    async run(context, [input], values) {
      const target = idOrEmail(input)
      const confirmed = values.yes === true
      if (!confirmed && context.terminal === null) {
        throw new UsageError(
          'users delete asks for confirmation on a terminal; without one, add --yes to delete.',
        )
      }
      const user = await mustFind(context, target)
      if (
        !confirmed &&
        !(await context.terminal?.confirm(
          `Delete ${user.email} (${user.id}) for good, with its profile, avatar and sessions?`,
        ))
      ) {
        throw new CommandError(`Nothing deleted: ${user.email} is kept.`)
      }
      await deleteAccountAsOperator(await adminDeps(context), user.id)
      context.print(`Deleted ${user.email} (${user.id}).`, {
        id: user.id,
        email: user.email,
        deleted: true,
      })
    },
  },
  {
    name: ['users', 'plan'],
    args: `${ref} <plan> [--until DATE]`,
    summary: 'Puts the account on a plan of PLANS, for good or until a date.',
    details: [
      '--until takes a day (2026-12-31: the plan lasts through that day, UTC) or a moment',
      '(2026-12-31T15:00:00Z). A mail tells the owner of the plan and its end. At its end the',
      'account goes back to free by itself: its activity records it and a mail tells the owner.',
      "'free' ends a plan now. Nothing over a lower plan's limits is deleted: it stays, and no",
      'new folders or pins are made until under.',
    ],
    options: { until: { type: 'string' } },
    positionals: 2,
    async run(context, [input, name = ''], values) {
      const plans = planBook(context.config.plans)
      const plan = plans.named(name)
      if (plan === undefined) {
        throw new UsageError(
          `No plan named ${name}: expected one of ${plans.list.map((known) => known.name).join(', ')} (PLANS).`,
        )
      }
      const until = values.until === undefined ? null : parseInput(UntilSchema, values.until)
      if (until !== null && plan.name === FREE_PLAN) {
        throw new UsageError('free has no end: leave out --until.')
      }
      if (until !== null && until.getTime() <= Date.now()) {
        throw new UsageError('--until: expected a date in the future.')
      }
      const user = await mustFind(context, idOrEmail(input))
      const { database, mailer } = await context.services()
      const { mailed } = await grantPlan(
        {
          db: database.db,
          logger: context.logger,
          plans,
          mailer,
          publicUrl: context.config.publicUrl,
        },
        user.id,
        plan,
        until,
      )
      const end = until === null ? '' : ` until ${until.toISOString()}`
      const notice =
        plan.name === FREE_PLAN
          ? ''
          : mailed
            ? ' A mail tells the owner.'
            : ' The mail to the owner was not sent.'
      context.print(
        plan.name === FREE_PLAN
          ? `${user.email} (${user.id}) is on free.`
          : `${user.email} (${user.id}) is on ${plan.name}${end}.${notice}`,
        {
          id: user.id,
          email: user.email,
          plan: plan.name,
          until: until?.toISOString() ?? null,
          mailSent: mailed,
        },
      )
    },
  },
  {
    name: ['users', 'verify'],
    args: '<email>',
    summary: 'Marks the address verified, as its verification link would.',
    positionals: 1,
    async run(context, [input]) {
      const user = await mustFind(context, { email: parseInput(EmailSchema, input) })
      if (!user.verified) await verifyEmail(await adminDeps(context), user.id)
      context.print(
        user.verified ? `${user.email} was already verified.` : `Verified ${user.email}.`,
        { id: user.id, email: user.email, verified: true, changed: !user.verified },
      )
    },
  },
  {
    name: ['users', 'create'],
    args: '<email> [--verified] [--language en|ja]',
    summary: 'Creates an account and mails the user an invitation to choose a password.',
    details: [
      `Nobody but the user learns the password: the invitation's link is valid for ${INVITATION_VALID_HOURS} hours,`,
      "and 'Forgot password?' on the log-in screen sends a new one. The mail is in English, or in",
      'Japanese with --language ja. Without --verified the user also verifies the address at the',
      'first log-in; unverified accounts go after 7 days.',
    ],
    options: {
      verified: { type: 'boolean', default: false },
      language: { type: 'string', default: 'en' },
    },
    positionals: 1,
    async run(context, [input], values) {
      const email = parseInput(EmailSchema, input)
      const language = parseInput(
        z.enum(LANGUAGES, { message: `expected --language ${LANGUAGES.join(' or ')}` }),
        values.language,
      )
      const { database, mailer } = await context.services()
      if ((await findUser(database.db, { email })) !== undefined) {
        throw new CommandError(`An account with ${email} exists already.`)
      }
      const verified = values.verified === true
      try {
        const deps = { ...(await adminDeps(context)), mailer, publicUrl: context.config.publicUrl }
        const { id } = await createAccount(deps, email, { verified, language })
        context.print(
          `Created ${email} (${id}). An invitation to choose a password is on its way.`,
          { id, email, verified, mailSent: true },
        )
      } catch (error) {
        if (!(error instanceof MailError)) throw error
        throw new CommandError(
          `Created ${email}, but the invitation was not sent (${error.message}). ` +
            "The user can ask for a link with 'Forgot password?'.",
        )
      }
    },
  },
]
