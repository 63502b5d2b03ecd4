import type { Language } from '../../shared/language'
import type { Mail } from './mailer'
import { MAIL_PARTS, MAIL_WORDING } from './wording'
import type { Notice, RecoveredParts, Wording } from './wording-types'

export interface LinkMailInput {
  to: string
  url: string
  /** The recipient's language (docs/architecture.md "Languages"). */
  language: Language
  /** How long the link works, in hours; none for a link that does not expire. */
  validHours?: number
}

type NoticeInput = Omit<LinkMailInput, 'validHours'>

const wordingOf = (language: Language) => MAIL_WORDING[language]

export function verificationMail(input: LinkMailInput): Mail {
  return linkMail(input, wordingOf(input.language).verification)
}

export function passwordResetMail(input: LinkMailInput): Mail {
  return linkMail(input, wordingOf(input.language).passwordReset)
}

/** An account an operator made: the link with which its owner chooses a password. */
export function invitationMail(input: LinkMailInput): Mail {
  return linkMail(input, wordingOf(input.language).invitation)
}

/** After a password reset or change: the owner learns of it, whoever made it. */
export function passwordChangedMail(input: NoticeInput): Mail {
  return linkMail(input, wordingOf(input.language).passwordChanged)
}

/** A session started in a browser the account had not used before. */
export function newSignInMail(
  input: NoticeInput & { browser: string | null; system: string | null },
): Mail {
  const device = MAIL_PARTS[input.language].device(input.browser, input.system)
  return linkMail(input, wordingOf(input.language).newSignIn(device))
}

/** Two-factor authentication was turned on or off in the account panel. */
export function twoFactorChangedMail(input: NoticeInput & { on: boolean }): Mail {
  return linkMail(input, wordingOf(input.language).twoFactorChanged(input.on))
}

/** To the new address: the link that makes it the account's. */
export function emailChangeConfirmMail(input: LinkMailInput): Mail {
  return linkMail(input, wordingOf(input.language).emailChangeConfirm)
}

/** To the old address once replaced, with the "This wasn't me" link. */
export function emailChangedMail(
  input: LinkMailInput & { at: Date; browser: string | null; system: string | null },
): Mail {
  const when = MAIL_PARTS[input.language].utcTime(input.at)
  const device = MAIL_PARTS[input.language].device(input.browser, input.system)
  return linkMail(input, wordingOf(input.language).emailChanged(when, device))
}

/** "This wasn't me" in the activity: the link that takes the account back from `since` on. */
export function recoveryLinkMail(input: LinkMailInput & { since: Date }): Mail {
  return linkMail(
    input,
    wordingOf(input.language).recoveryLink(MAIL_PARTS[input.language].utcTime(input.since)),
  )
}

/** After a recovery: what it gave back and removed. */
export function recoveredMail(input: NoticeInput & { recovered: RecoveredParts }): Mail {
  return linkMail(input, wordingOf(input.language).recovered(input.recovered))
}

/** After the owner deleted the account: a notice with nothing to click. */
export function accountDeletedMail(input: { to: string; language: Language }): Mail {
  return noticeMail(input, wordingOf(input.language).accountDeleted)
}

/** A plan the operator granted ended: the link opens the board, where everything still is. */
export function planEndedMail(input: NoticeInput & { plan: string }): Mail {
  return linkMail(input, wordingOf(input.language).planEnded(input.plan))
}

/** The operator put the account on a plan: the link opens the Premium page, which shows it. */
export function planGrantedMail(input: NoticeInput & { plan: string; until: Date | null }): Mail {
  const until = input.until === null ? null : MAIL_PARTS[input.language].utcTime(input.until)
  return linkMail(input, wordingOf(input.language).planGranted(input.plan, until))
}

/** Mail clients ignore <style> blocks and web fonts unevenly, so every style is inline. */
const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, " +
  "'Hiragino Sans', 'Noto Sans JP', 'Yu Gothic', Meiryo, sans-serif"
const COLOR = {
  page: '#0d0b1e',
  card: '#14112b',
  line: '#2c2652',
  sakura: '#ff9cc0',
  peach: '#ffa86b',
  onPeach: '#1a1030',
  heading: '#f6f3ff',
  body: '#d9d4f2',
  quiet: '#a59fc9',
}

export function linkMail({ to, url, language, validHours }: LinkMailInput, wording: Wording): Mail {
  const { hours, validFor, buttonFallback } = MAIL_PARTS[language]
  const validity = validHours === undefined ? '' : validFor(hours(validHours))
  const text = [
    wording.heading,
    '',
    wording.intro,
    '',
    url,
    '',
    ...(validity === '' ? [] : [validity, '']),
    wording.notExpected,
    '',
    '- Mofu',
    '',
  ].join('\n')
  return {
    to,
    language,
    subject: wording.subject,
    text,
    html: html(language, wording, linkRows(wording.action, url, buttonFallback(validity))),
  }
}

/** Where the button would stand, so the notice's last line keeps its distance. */
const SPACE = '<tr><td style="padding:12px 0;"></td></tr>\n'

/** A mail with no link: a notice of something done that there is nothing to act on. */
function noticeMail({ to, language }: { to: string; language: Language }, notice: Notice): Mail {
  const text = [notice.heading, '', notice.intro, '', notice.notExpected, '', '- Mofu', ''].join(
    '\n',
  )
  return { to, language, subject: notice.subject, text, html: html(language, notice, SPACE) }
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const font = `font-family:${FONT};`

/** The button, the line above the plain link, and the plain link. */
function linkRows(action: string, url: string, fallback: string): string {
  const e = escapeHtml
  const href = e(url)
  return `<tr><td align="center" style="padding:28px 32px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${COLOR.peach}" style="background-color:${COLOR.peach};border-radius:999px;">
<a href="${href}" target="_blank" style="display:inline-block;padding:14px 28px;${font}font-size:16px;font-weight:700;line-height:1.2;color:${COLOR.onPeach};text-decoration:none;border-radius:999px;">${e(action)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 32px;${font}font-size:14px;line-height:1.5;color:${COLOR.body};">${e(fallback)}</td></tr>
<tr><td style="padding:8px 32px 24px;${font}font-size:13px;line-height:1.5;word-break:break-all;"><a href="${href}" target="_blank" style="color:${COLOR.sakura};text-decoration:underline;">${href}</a></td></tr>
`
}

/** The mail's page around `links` (linkRows, or nothing for a notice with nothing to click). */
function html(language: Language, wording: Notice, links: string): string {
  const e = escapeHtml
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="supported-color-schemes" content="dark">
<title>${e(wording.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${COLOR.page};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${e(wording.intro)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.page}" style="background-color:${COLOR.page};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOR.card}" style="max-width:480px;background-color:${COLOR.card};border:1px solid ${COLOR.line};border-top:4px solid ${COLOR.sakura};border-radius:16px;">
<tr><td style="padding:28px 32px 0;${font}font-size:22px;font-weight:700;letter-spacing:1px;color:${COLOR.sakura};">Mofu</td></tr>
<tr><td style="padding:16px 32px 0;${font}font-size:20px;font-weight:700;line-height:1.3;color:${COLOR.heading};">${e(wording.heading)}</td></tr>
<tr><td style="padding:12px 32px 0;${font}font-size:16px;line-height:1.5;color:${COLOR.body};">${e(wording.intro)}</td></tr>
${links}<tr><td style="padding:16px 32px 28px;border-top:1px solid ${COLOR.line};${font}font-size:13px;line-height:1.5;color:${COLOR.quiet};">${e(wording.notExpected)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}
