import { APIError } from 'better-auth/api'
import { z } from 'zod'
import { HANDLE_RELEASE_DAYS } from '../../shared/profile'
import {
  deleteAccountAsOperator,
  disableAccount,
  enableAccount,
  recoverAsOperator,
} from '../account/admin'
import { CommandError, parseInput, UsageError, type Command } from './command'
import { adminDeps, idOrEmail, mustFind, USER_REF } from './user-refs'

/** `mofu users disable`, `enable`, `recover` and `delete`: who may sign in, and who stays. */
export const userAccessCommands: Command[] = [
  {
    name: ['users', 'disable'],
    args: `${USER_REF} [--reason TEXT]`,
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
    args: USER_REF,
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
    args: `${USER_REF} [--since TIME]`,
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
    args: `${USER_REF} [--yes]`,
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
]
