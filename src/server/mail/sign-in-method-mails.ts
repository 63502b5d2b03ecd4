import type { Mail } from './mailer'
import { linkMail, type LinkMailInput } from './templates'

/**
 * Notices of a change to how an account signs in (README "Notices"): a passkey added or removed,
 * the password removed. Same template as the other notices, with the sessions list as the link.
 */

type NoticeInput = Omit<LinkMailInput, 'validFor'>

const NOT_YOU =
  'If this was not you, end every session you do not know and ask for a password reset on the log-in screen: it signs out everyone.'

export function passkeyAddedMail(input: NoticeInput & { name: string }): Mail {
  return linkMail(input, {
    subject: 'A passkey was added to your Mofu account',
    heading: 'A new passkey',
    intro: `A passkey named "${input.name}" was just added to your Mofu account: it can sign in to it from now on. See where your account is signed in:`,
    action: "See where I'm signed in",
    notExpected: `${NOT_YOU} Then remove the passkey in the account panel.`,
  })
}

export function passkeyRemovedMail(input: NoticeInput & { name: string }): Mail {
  return linkMail(input, {
    subject: 'A passkey was removed from your Mofu account',
    heading: 'A passkey was removed',
    intro: `The passkey named "${input.name}" was just removed from your Mofu account: it can no longer sign in to it. See where your account is signed in:`,
    action: "See where I'm signed in",
    notExpected: NOT_YOU,
  })
}

export function passwordRemovedMail(input: NoticeInput): Mail {
  return linkMail(input, {
    subject: 'The password of your Mofu account was removed',
    heading: 'Your password was removed',
    intro:
      'Your Mofu account no longer has a password: it signs in with a passkey or Google. You can set a password again at any time with "Set a password" in the account panel. See where your account is signed in:',
    action: "See where I'm signed in",
    notExpected: NOT_YOU,
  })
}
