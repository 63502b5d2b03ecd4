import { describe, expect, it } from 'vitest'
import type { MailKind } from '../shared/mail-kinds'
import { wrongSpaces } from '../../tests/support/japanese-spacing'
import { SERVER_MESSAGES_JA } from './http/messages'
import type { Mail } from './mail/mailer'
import {
  passkeyAddedMail,
  passkeyRemovedMail,
  passwordRemovedMail,
} from './mail/sign-in-method-mails'
import {
  accountDeletedMail,
  planEndedMail,
  planGrantedMail,
  emailChangedMail,
  emailChangeConfirmMail,
  invitationMail,
  newSignInMail,
  passwordChangedMail,
  passwordResetMail,
  recoveredMail,
  recoveryLinkMail,
  twoFactorChangedMail,
  verificationMail,
} from './mail/templates'

/**
 * The server's Japanese: its messages and every kind of mail, rendered. Japanese puts no space
 * between words nor between a number and its counter (docs/testing.md "Languages").
 */

const input = { to: 'yuki@example.test', url: 'https://mofu.test/x?y=1', language: 'ja' as const }
const AT = new Date('2026-11-27T20:24:00Z')

/** Each kind of mail in Japanese, in each of its forms: a kind added without a form fails the typecheck. */
const JAPANESE_MAILS: Record<MailKind, Mail[]> = {
  verification: [verificationMail({ ...input, validHours: 24 })],
  passwordReset: [passwordResetMail({ ...input, validHours: 1 })],
  invitation: [invitationMail({ ...input, validHours: 72 })],
  passwordChanged: [passwordChangedMail(input)],
  newSignIn: [
    newSignInMail({ ...input, browser: 'Chrome 131', system: 'Android' }),
    newSignInMail({ ...input, browser: null, system: null }),
  ],
  twoFactorChanged: [
    twoFactorChangedMail({ ...input, on: true }),
    twoFactorChangedMail({ ...input, on: false }),
  ],
  passkeyAdded: [passkeyAddedMail({ ...input, name: 'Pixel 8' })],
  passkeyRemoved: [passkeyRemovedMail({ ...input, name: 'Pixel 8' })],
  passwordRemoved: [passwordRemovedMail(input)],
  emailChangeConfirm: [emailChangeConfirmMail({ ...input, validHours: 24 })],
  emailChanged: [
    emailChangedMail({ ...input, validHours: 168, at: AT, browser: 'Firefox 133', system: null }),
  ],
  recoveryLink: [recoveryLinkMail({ ...input, validHours: 24, since: AT })],
  recovered: [
    recoveredMail({
      ...input,
      recovered: {
        email: input.to,
        handle: 'sakura',
        passkeys: ['Pixel 8'],
        twoFactor: true,
        google: true,
      },
    }),
  ],
  accountDeleted: [accountDeletedMail(input)],
  planEnded: [planEndedMail({ ...input, plan: 'プレミアム' })],
  planGranted: [
    planGrantedMail({ ...input, plan: 'プレミアム', until: null }),
    planGrantedMail({ ...input, plan: 'プレミアム', until: new Date('2026-12-31T15:00:00Z') }),
  ],
}

/** What a reader reads, line by line: the subject, the text part's lines, the HTML's text. */
const linesOf = (mail: Mail) => [
  mail.subject,
  ...mail.text.split('\n'),
  ...mail.html.replace(/<head>[\s\S]*<\/head>/, '').split(/<[^>]*>|\n/),
]

describe('Japanese spacing on the server', () => {
  it.each(Object.entries(JAPANESE_MAILS))('in the %s mail', (_kind, mails) => {
    for (const mail of mails) expect(linesOf(mail).flatMap(wrongSpaces)).toEqual([])
  })

  it('in every message', () => {
    expect(Object.values(SERVER_MESSAGES_JA).flatMap(wrongSpaces)).toEqual([])
  })

  it('words a moment without a space between the date and the time', () => {
    expect(JAPANESE_MAILS.recoveryLink[0]?.text).toContain('2026年11月27日20:24 UTC')
  })
})
