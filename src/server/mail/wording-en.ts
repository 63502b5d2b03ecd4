import type { MailParts, MailWording } from './wording-types'

const NOT_EXPECTED = 'If you did not ask for this, you can ignore this mail; nothing changes.'
/**
 * Someone may have signed up with another's address. Not clicking keeps their account unverified,
 * so it can never sign in and is deleted after 7 days.
 */
const NOT_SIGNED_UP =
  'If you did not sign up for Mofu, ignore this mail: without a click the account cannot be used and is deleted after 7 days.'
const SEE_SESSIONS = "See where I'm signed in"
const NOT_YOU =
  'If this was not you, end every session you do not know and ask for a password reset on the log-in screen: it signs out everyone.'

export const EN: MailWording = {
  verification: {
    subject: 'Verify your e-mail for Mofu',
    heading: 'Welcome to Mofu!',
    intro:
      'Thanks for signing up. Please confirm this is your e-mail address, then you can sign in.',
    action: 'Verify my e-mail',
    notExpected: NOT_SIGNED_UP,
  },
  passwordReset: {
    subject: 'Reset your Mofu password',
    heading: 'Reset your password',
    intro: 'We got a request to reset the password of your Mofu account. Choose a new one here:',
    action: 'Choose a new password',
    notExpected: NOT_EXPECTED,
  },
  invitation: {
    subject: 'You are invited to Mofu',
    heading: 'Welcome to Mofu!',
    intro:
      'An account on Mofu was made for this e-mail address. Choose your password here, then sign in with this address and it:',
    action: 'Choose my password',
    notExpected:
      'If you did not expect this, you can ignore this mail: nobody can sign in to the account without the password you choose.',
  },
  passwordChanged: {
    subject: 'Your Mofu password was changed',
    heading: 'Your password was changed',
    intro:
      'The password of your Mofu account was just changed. See where it is signed in, and end any session you do not know:',
    action: SEE_SESSIONS,
    notExpected:
      'If this was not you, ask for a password reset on the log-in screen at once: it signs out everyone who has the new password.',
  },
  newSignIn: (device) => ({
    subject: 'New sign-in to your Mofu account',
    heading: 'A new sign-in',
    intro: `Your Mofu account was just signed in to from ${device}, a browser it had not used before. If that was you, there is nothing to do. You can see every session, and end any you do not know, here:`,
    action: SEE_SESSIONS,
    notExpected:
      'If this was not you, end that session and ask for a password reset on the log-in screen: it signs out everyone.',
  }),
  twoFactorChanged: (on) => {
    const state = on ? 'on' : 'off'
    return {
      subject: `Two-factor authentication turned ${state} for your Mofu account`,
      heading: `Two-factor authentication is ${state}`,
      intro: on
        ? 'Your Mofu account now asks for a code from your authenticator app after the password. See where it is signed in, and end any session you do not know:'
        : 'Your Mofu account no longer asks for a code after the password. See where it is signed in, and end any session you do not know:',
      action: SEE_SESSIONS,
      notExpected:
        'If this was not you, end every session you do not know and ask for a password reset on the log-in screen at once: it signs out everyone.',
    }
  },
  passkeyAdded: (name) => ({
    subject: 'A passkey was added to your Mofu account',
    heading: 'A new passkey',
    intro: `A passkey named "${name}" was just added to your Mofu account: it can sign in to it from now on. See where your account is signed in:`,
    action: SEE_SESSIONS,
    notExpected: `${NOT_YOU} Then remove the passkey in the account panel.`,
  }),
  passkeyRemoved: (name) => ({
    subject: 'A passkey was removed from your Mofu account',
    heading: 'A passkey was removed',
    intro: `The passkey named "${name}" was just removed from your Mofu account: it can no longer sign in to it. See where your account is signed in:`,
    action: SEE_SESSIONS,
    notExpected: NOT_YOU,
  }),
  passwordRemoved: {
    subject: 'The password of your Mofu account was removed',
    heading: 'Your password was removed',
    intro:
      'Your Mofu account no longer has a password: it signs in with a passkey or Google. You can set a password again at any time with "Set a password" in the account panel. See where your account is signed in:',
    action: SEE_SESSIONS,
    notExpected: NOT_YOU,
  },
  emailChangeConfirm: {
    subject: 'Confirm your new e-mail address for Mofu',
    heading: 'Confirm your new address',
    intro:
      'Someone signed in to a Mofu account asked to make this its e-mail address. If that was you, confirm it here; until you do, nothing changes:',
    action: 'Use this address',
    notExpected: 'If you did not ask for this, ignore this mail: the address is not changed.',
  },
  emailChanged: (when, device) => ({
    subject: 'The e-mail address of your Mofu account was changed',
    heading: 'Your e-mail address was changed',
    intro: `The Mofu account that used this address signs in with another one since ${when} (changed from ${device}). For 7 days this address still hears of every change to how it signs in. If this wasn't you, take the account back here: it gets this address back, you choose a new password, everyone is signed out, and every passkey, two-factor set-up and Google sign-in added meanwhile is removed.`,
    action: "This wasn't me",
    notExpected: 'If you changed the address yourself, there is nothing to do.',
  }),
  recoveryLink: (when) => ({
    subject: 'Take your Mofu account back',
    heading: 'Take your account back',
    intro: `You said that what happened to your Mofu account at ${when} was not you. Every other session is signed out. Choose a new password here: it signs out everyone, and removes every passkey, two-factor set-up and Google sign-in added since then.`,
    action: 'Choose a new password',
    notExpected: 'If you did not ask for this, you can ignore this mail; nothing changes.',
  }),
  recovered: (parts) => ({
    subject: 'Your Mofu account was taken back',
    heading: 'Your account is yours again',
    intro: `Your Mofu account has a new password and everyone was signed out. ${[
      parts.email === null ? null : `It signs in with ${parts.email} again.`,
      parts.handle === null ? null : `Its ID is @${parts.handle} again.`,
      ...parts.passkeys.map((name) => `The passkey "${name}" was removed.`),
      parts.twoFactor ? 'Two-factor authentication was turned off.' : null,
      parts.google ? 'The Google sign-in was unlinked.' : null,
    ]
      .filter(Boolean)
      .join(' ')} You can add what you need again in the account panel:`,
    action: SEE_SESSIONS,
    notExpected:
      'If this was not you, ask for a password reset on the log-in screen at once: it signs out everyone.',
  }),
  accountDeleted: {
    subject: 'Your Mofu account was deleted',
    heading: 'Your account was deleted',
    intro:
      'Your Mofu account was just deleted, with its profile, avatar, sessions and sign-in methods. There is nothing more to do.',
    notExpected:
      'If this was not you, someone had your password or a signed-in browser: the account cannot be brought back, but you can sign up again with this address.',
  },
  planEnded: (plan) => ({
    subject: `Your ${plan} plan on Mofu has ended`,
    heading: `Your ${plan} plan has ended`,
    intro:
      "Your Mofu account is on the Free plan again. Nothing was deleted: your pinned titles stay pinned, and folders over the Free plan's limits stay as they are, though no new ones can be made until you are under them. See your board:",
    action: 'Open my board',
    notExpected:
      'If you expected the plan to last longer, ask the people who run this Mofu: the Contact link is at the foot of every page.',
  }),
  planGranted: (plan, until) => ({
    subject: `You are on the ${plan} plan on Mofu`,
    heading: `Welcome to ${plan}`,
    intro: `The people who run this Mofu put your account on the ${plan} plan${until === null ? '' : ` until ${until}`}. Its pins and folders are yours from now on${until === null ? '' : ', and when it ends your account goes back to the Free plan with nothing deleted'}. See what it gives and your pins on the Premium page:`,
    action: 'Open the Premium page',
    notExpected:
      'If you did not expect this, ask the people who run this Mofu: the Contact link is at the foot of every page.',
  }),
}

export const EN_PARTS: MailParts = {
  utcTime: (at) =>
    `${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`,
  hours: (count) =>
    new Intl.NumberFormat('en', { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(count),
  device: (browser, system) =>
    [browser ?? 'an unknown browser', system].filter(Boolean).join(' on '),
  validFor: (duration) => `This link is valid for ${duration}.`,
  buttonFallback: (validity) => `${validity} If the button does not work, open this link:`.trim(),
}
