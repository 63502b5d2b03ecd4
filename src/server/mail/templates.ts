import type { Mail } from './mailer'

export interface LinkMailInput {
  to: string
  url: string
  /** Human text such as "24 hours" or "1 hour"; none for a link that does not expire. */
  validFor?: string
}

export function verificationMail(input: LinkMailInput): Mail {
  return linkMail(input, {
    subject: 'Verify your e-mail for Mofu',
    heading: 'Welcome to Mofu!',
    intro:
      'Thanks for signing up. Please confirm this is your e-mail address, then you can sign in.',
    action: 'Verify my e-mail',
    notExpected: NOT_SIGNED_UP,
  })
}

export function passwordResetMail(input: LinkMailInput): Mail {
  return linkMail(input, {
    subject: 'Reset your Mofu password',
    heading: 'Reset your password',
    intro: 'We got a request to reset the password of your Mofu account. Choose a new one here:',
    action: 'Choose a new password',
    notExpected: NOT_EXPECTED,
  })
}

/** After a password reset or change: the owner learns of it, whoever made it. */
export function passwordChangedMail(input: Omit<LinkMailInput, 'validFor'>): Mail {
  return linkMail(input, {
    subject: 'Your Mofu password was changed',
    heading: 'Your password was changed',
    intro:
      'The password of your Mofu account was just changed. See where it is signed in, and end any session you do not know:',
    action: "See where I'm signed in",
    notExpected:
      'If this was not you, ask for a password reset on the log-in screen at once: it signs out everyone who has the new password.',
  })
}

/** A session started in a browser the account had not used before. */
export function newSignInMail(input: Omit<LinkMailInput, 'validFor'> & { device: string }): Mail {
  return linkMail(input, {
    subject: 'New sign-in to your Mofu account',
    heading: 'A new sign-in',
    intro: `Your Mofu account was just signed in to from ${input.device}, a browser it had not used before. If that was you, there is nothing to do. You can see every session, and end any you do not know, here:`,
    action: "See where I'm signed in",
    notExpected:
      'If this was not you, end that session and ask for a password reset on the log-in screen: it signs out everyone.',
  })
}

/** Two-factor authentication was turned on or off in the account panel. */
export function twoFactorChangedMail(
  input: Omit<LinkMailInput, 'validFor'> & { on: boolean },
): Mail {
  const state = input.on ? 'on' : 'off'
  return linkMail(input, {
    subject: `Two-factor authentication turned ${state} for your Mofu account`,
    heading: `Two-factor authentication is ${state}`,
    intro: input.on
      ? 'Your Mofu account now asks for a code from your authenticator app after the password. See where it is signed in, and end any session you do not know:'
      : 'Your Mofu account no longer asks for a code after the password. See where it is signed in, and end any session you do not know:',
    action: "See where I'm signed in",
    notExpected:
      'If this was not you, end every session you do not know and ask for a password reset on the log-in screen at once: it signs out everyone.',
  })
}

export interface Wording {
  subject: string
  heading: string
  intro: string
  action: string
  /** What to do with a mail one did not ask for. */
  notExpected: string
}

const NOT_EXPECTED = 'If you did not ask for this, you can ignore this mail; nothing changes.'
/**
 * Someone may have signed up with another's address. Not clicking keeps their account unverified,
 * so it can never sign in and is deleted after 7 days.
 */
const NOT_SIGNED_UP =
  'If you did not sign up for Mofu, ignore this mail: without a click the account cannot be used and is deleted after 7 days.'

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

export function linkMail({ to, url, validFor }: LinkMailInput, wording: Wording): Mail {
  const validity = validFor === undefined ? '' : `This link is valid for ${validFor}.`
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
  return { to, subject: wording.subject, text, html: html(wording, url, validity) }
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

function html(wording: Wording, url: string, validity: string): string {
  const e = escapeHtml
  const href = e(url)
  const font = `font-family:${FONT};`
  return `<!doctype html>
<html lang="en">
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
<tr><td align="center" style="padding:28px 32px;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${COLOR.peach}" style="background-color:${COLOR.peach};border-radius:999px;">
<a href="${href}" target="_blank" style="display:inline-block;padding:14px 28px;${font}font-size:16px;font-weight:700;line-height:1.2;color:${COLOR.onPeach};text-decoration:none;border-radius:999px;">${e(wording.action)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:0 32px;${font}font-size:14px;line-height:1.5;color:${COLOR.body};">${e(`${validity} If the button does not work, open this link:`.trim())}</td></tr>
<tr><td style="padding:8px 32px 24px;${font}font-size:13px;line-height:1.5;word-break:break-all;"><a href="${href}" target="_blank" style="color:${COLOR.sakura};text-decoration:underline;">${href}</a></td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid ${COLOR.line};${font}font-size:13px;line-height:1.5;color:${COLOR.quiet};">${e(wording.notExpected)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}
