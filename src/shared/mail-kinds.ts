/**
 * Every kind of mail Mofu sends (docs/using.md "Notices", docs/email-and-activity.md): the mails'
 * words (src/server/mail/wording-types.ts) hold one entry per kind and no other, and the privacy page
 * names each one, so a new mail is not sent without the page saying so.
 */
export const MAIL_KINDS = [
  'verification',
  'passwordReset',
  'invitation',
  'passwordChanged',
  'newSignIn',
  'twoFactorChanged',
  'passkeyAdded',
  'passkeyRemoved',
  'passwordRemoved',
  'emailChangeConfirm',
  'emailChanged',
  'recoveryLink',
  'recovered',
  'accountDeleted',
  'planEnded',
  'planGranted',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]
