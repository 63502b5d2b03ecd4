import { z } from 'zod'
import { LANGUAGES } from '../../shared/language'
import { createAccount, INVITATION_VALID_HOURS, verifyEmail } from '../account/admin'
import { findUser } from '../auth/user-store'
import { MailError } from '../mail/mailer'
import { CommandError, parseInput, type Command } from './command'
import { adminDeps, EmailSchema, mustFind } from './user-refs'

/** `mofu users verify` and `mofu users create`: accounts the operator brings in. */
export const userSignUpCommands: Command[] = [
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
