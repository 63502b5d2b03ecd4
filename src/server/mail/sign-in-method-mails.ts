import type { Mail } from './mailer'
import { linkMail, type LinkMailInput } from './templates'
import { MAIL_WORDING } from './wording'

/**
 * Notices of a change to how an account signs in (docs/using.md "Notices"): a passkey added or removed,
 * the password removed. Same template as the other notices, with the sessions list as the link.
 */

type NoticeInput = Omit<LinkMailInput, 'validHours'>

export function passkeyAddedMail(input: NoticeInput & { name: string }): Mail {
  return linkMail(input, MAIL_WORDING[input.language].passkeyAdded(input.name))
}

export function passkeyRemovedMail(input: NoticeInput & { name: string }): Mail {
  return linkMail(input, MAIL_WORDING[input.language].passkeyRemoved(input.name))
}

export function passwordRemovedMail(input: NoticeInput): Mail {
  return linkMail(input, MAIL_WORDING[input.language].passwordRemoved)
}
