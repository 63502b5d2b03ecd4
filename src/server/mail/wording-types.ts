import type { MailKind } from '../../shared/mail-kinds'

/** What a recovery gave back and removed, as the recovered mail names it. */
export interface RecoveredParts {
  email: string | null
  handle: string | null
  passkeys: readonly string[]
  twoFactor: boolean
  google: boolean
}

/** What a mail with nothing to click says. */
export interface Notice {
  subject: string
  heading: string
  intro: string
  /** What to do with a mail one did not ask for. */
  notExpected: string
}

/** What one mail says, around its link. */
export interface Wording extends Notice {
  action: string
}

/**
 * Every text of Mofu's mails, in one catalogue per language (docs/architecture.md "Languages"). Both are typed
 * against this interface, so a mail added in English and not in Japanese fails the typecheck. One
 * entry per kind of mail (MAIL_KINDS, which the privacy page names) and nothing else: the words
 * every mail shares are MailParts.
 */
export interface MailWording extends Record<MailKind, Notice | ((...args: never[]) => Wording)> {
  verification: Wording
  passwordReset: Wording
  /** An account an operator made (`mofu users create`): the link that chooses its password. */
  invitation: Wording
  passwordChanged: Wording
  newSignIn: (device: string) => Wording
  twoFactorChanged: (on: boolean) => Wording
  passkeyAdded: (name: string) => Wording
  passkeyRemoved: (name: string) => Wording
  passwordRemoved: Wording
  /** To the new address: the link that makes it the account's. */
  emailChangeConfirm: Wording
  /** To the old address, when it was replaced: when, from where, and "This wasn't me". */
  emailChanged: (when: string, device: string) => Wording
  /** "This wasn't me" in the activity: the link that takes the account back from `when` on. */
  recoveryLink: (when: string) => Wording
  /** After a recovery: what it gave back and removed, as `removed` words each part. */
  recovered: (parts: RecoveredParts) => Wording
  /** After the owner deleted the account: nothing to click, as nothing is left to open. */
  accountDeleted: Notice
  /** A plan the operator granted ended (`plan`, its label): back on free, nothing deleted. */
  planEnded: (plan: string) => Wording
  /**
   * The operator put the account on a plan (`plan`, its label), until `until` (a time as
   * MailParts.utcTime writes it) or for good (null): the link opens the Premium page.
   */
  planGranted: (plan: string, until: string | null) => Wording
}

/** The words around every mail's own. */
export interface MailParts {
  /** The browser and system of a new sign-in, as far as its User-Agent tells. */
  device: (browser: string | null, system: string | null) => string
  /** A moment in UTC: `November 27, 2026 at 8:24 PM UTC`, `2026年11月27日20:24 UTC`. */
  utcTime: (at: Date) => string
  /** A link's lifetime: `24 hours`, `24時間`. */
  hours: (count: number) => string
  /** The link's validity, from `hours`. */
  validFor: (duration: string) => string
  /** Above the plain link, after the validity when there is one. */
  buttonFallback: (validity: string) => string
}
