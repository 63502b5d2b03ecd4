import { normalizeHandle } from '../../shared/profile'
import { findUser, listUsers, type UserSummary } from '../auth/user-store'
import { CommandError, parseInput, table, type Command } from './command'
import { EmailSchema, IdSchema, type UserRef } from './user-refs'

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

/** `mofu users list` and `mofu users find`: who has an account. */
export const userLookupCommands: Command[] = [
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
]
