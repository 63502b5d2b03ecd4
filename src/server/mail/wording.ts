import type { Language } from '../../shared/language'
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

const EN: MailWording = {
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

const EN_PARTS: MailParts = {
  utcTime: (at) =>
    `${new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`,
  hours: (count) =>
    new Intl.NumberFormat('en', { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(count),
  device: (browser, system) =>
    [browser ?? 'an unknown browser', system].filter(Boolean).join(' on '),
  validFor: (duration) => `This link is valid for ${duration}.`,
  buttonFallback: (validity) => `${validity} If the button does not work, open this link:`.trim(),
}

const SEE_SESSIONS_JA = 'ログイン中の端末を見る'
const NOT_YOU_JA =
  '心当たりがない場合は、見覚えのないセッションをすべて終了し、ログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。'

const JA: MailWording = {
  verification: {
    subject: 'Mofuのメールアドレスを確認してください',
    heading: 'Mofuへようこそ！',
    intro:
      'ご登録ありがとうございます。このメールアドレスがあなたのものであることを確認してください。確認が済むとログインできます。',
    action: 'メールアドレスを確認する',
    notExpected:
      'Mofuに登録した覚えがない場合は、このメールを無視してください。確認されないアカウントは使えず、7日後に削除されます。',
  },
  passwordReset: {
    subject: 'Mofuのパスワードの再設定',
    heading: 'パスワードの再設定',
    intro:
      'Mofuアカウントのパスワード再設定のご依頼を受け付けました。こちらから新しいパスワードを決めてください。',
    action: '新しいパスワードを決める',
    notExpected: '心当たりがない場合は、このメールを無視してください。何も変更されません。',
  },
  invitation: {
    subject: 'Mofuへのご招待',
    heading: 'Mofuへようこそ！',
    intro:
      'このメールアドレスでMofuのアカウントが作成されました。こちらからパスワードを決めると、このアドレスとそのパスワードでログインできます。',
    action: 'パスワードを決める',
    notExpected:
      '心当たりがない場合は、このメールを無視してください。あなたが決めるパスワードがなければ、誰もこのアカウントにログインできません。',
  },
  passwordChanged: {
    subject: 'Mofuのパスワードが変更されました',
    heading: 'パスワードが変更されました',
    intro:
      'Mofuアカウントのパスワードが、たったいま変更されました。ログイン中の端末を確認し、見覚えのないセッションは終了してください。',
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、すぐにログイン画面からパスワードの再設定を依頼してください。新しいパスワードでログインしている人は、すべてログアウトされます。',
  },
  newSignIn: (device) => ({
    subject: 'Mofuアカウントへの新しいログイン',
    heading: '新しいログインがありました',
    intro: `Mofuアカウントに、これまで使われたことのないブラウザ（${device}）からログインがありました。ご自身によるものであれば、何もする必要はありません。すべてのセッションの確認と、見覚えのないセッションの終了はこちらからできます。`,
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、そのセッションを終了し、ログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。',
  }),
  twoFactorChanged: (on) => ({
    subject: on
      ? 'Mofuアカウントの2段階認証がオンになりました'
      : 'Mofuアカウントの2段階認証がオフになりました',
    heading: on ? '2段階認証がオンになりました' : '2段階認証がオフになりました',
    intro: on
      ? 'これからMofuアカウントでは、パスワードのあとに認証アプリのコードを入力していただきます。ログイン中の端末を確認し、見覚えのないセッションは終了してください。'
      : 'Mofuアカウントでは、パスワードのあとにコードを求めなくなりました。ログイン中の端末を確認し、見覚えのないセッションは終了してください。',
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、見覚えのないセッションをすべて終了し、すぐにログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。',
  }),
  passkeyAdded: (name) => ({
    subject: 'Mofuアカウントにパスキーが追加されました',
    heading: '新しいパスキーが追加されました',
    intro: `Mofuアカウントに「${name}」という名前のパスキーが追加されました。これからはこのパスキーでログインできます。アカウントがログイン中の端末はこちらで確認できます。`,
    action: SEE_SESSIONS_JA,
    notExpected: `${NOT_YOU_JA}そのあと、アカウントパネルでこのパスキーを削除してください。`,
  }),
  passkeyRemoved: (name) => ({
    subject: 'Mofuアカウントからパスキーが削除されました',
    heading: 'パスキーが削除されました',
    intro: `Mofuアカウントから「${name}」という名前のパスキーが削除されました。このパスキーではもうログインできません。アカウントがログイン中の端末はこちらで確認できます。`,
    action: SEE_SESSIONS_JA,
    notExpected: NOT_YOU_JA,
  }),
  passwordRemoved: {
    subject: 'Mofuアカウントのパスワードが削除されました',
    heading: 'パスワードが削除されました',
    intro:
      'Mofuアカウントのパスワードが削除され、これからはパスキーかGoogleでログインします。パスワードは、アカウントパネルの「パスワードを設定」からいつでも設定し直せます。アカウントがログイン中の端末はこちらで確認できます。',
    action: SEE_SESSIONS_JA,
    notExpected: NOT_YOU_JA,
  },
  emailChangeConfirm: {
    subject: 'Mofuの新しいメールアドレスを確認してください',
    heading: '新しいメールアドレスの確認',
    intro:
      'Mofuアカウントにログイン中の方から、このメールアドレスに変更したいというご依頼がありました。ご自身によるものであれば、こちらから確認してください。確認するまで何も変わりません。',
    action: 'このアドレスを使う',
    notExpected: '心当たりがない場合は、このメールを無視してください。アドレスは変更されません。',
  },
  emailChanged: (when, device) => ({
    subject: 'Mofuアカウントのメールアドレスが変更されました',
    heading: 'メールアドレスが変更されました',
    intro: `このメールアドレスを使っていたMofuアカウントは、${when}から別のアドレスでログインするようになりました（${device}から変更）。7日間は、ログイン方法が変わるたびにこのアドレスにもお知らせが届きます。心当たりがない場合は、こちらからアカウントを取り戻してください。このアドレスに戻り、新しいパスワードを決めると、すべての端末でログアウトされ、その間に追加されたパスキー、2段階認証、Googleログインはすべて削除されます。`,
    action: '心当たりがない',
    notExpected: 'ご自身で変更した場合は、何もする必要はありません。',
  }),
  recoveryLink: (when) => ({
    subject: 'Mofuアカウントを取り戻してください',
    heading: 'アカウントを取り戻す',
    intro: `${when}にMofuアカウントで起きたことに心当たりがないとのご連絡を受け付けました。ほかのセッションはすべてログアウトしました。こちらから新しいパスワードを決めてください。すべての端末でログアウトされ、それ以降に追加されたパスキー、2段階認証、Googleログインはすべて削除されます。`,
    action: '新しいパスワードを決める',
    notExpected: '心当たりがない場合は、このメールを無視してください。何も変更されません。',
  }),
  recovered: (parts) => ({
    subject: 'Mofuアカウントを取り戻しました',
    heading: 'アカウントはあなたのものに戻りました',
    intro: `Mofuアカウントに新しいパスワードが設定され、すべての端末でログアウトされました。${[
      parts.email === null ? null : `ログインには再び${parts.email}を使います。`,
      parts.handle === null ? null : `IDは再び@${parts.handle}です。`,
      ...parts.passkeys.map((name) => `パスキー「${name}」を削除しました。`),
      parts.twoFactor ? '2段階認証をオフにしました。' : null,
      parts.google ? 'Googleログインの連携を解除しました。' : null,
    ]
      .filter(Boolean)
      .join('')}必要なものは、アカウントパネルからもう一度追加できます。`,
    action: SEE_SESSIONS_JA,
    notExpected:
      '心当たりがない場合は、すぐにログイン画面からパスワードの再設定を依頼してください。すべての端末でログアウトされます。',
  }),
  accountDeleted: {
    subject: 'Mofuアカウントが削除されました',
    heading: 'アカウントが削除されました',
    intro:
      'Mofuアカウントが、プロフィール、アバター、セッション、ログイン方法とともに削除されました。これ以上の手続きは必要ありません。',
    notExpected:
      '心当たりがない場合は、誰かがあなたのパスワードかログイン中のブラウザを使ったおそれがあります。アカウントは元に戻せませんが、このアドレスでもう一度登録できます。',
  },
  planEnded: (plan) => ({
    subject: `Mofuの${plan}プランが終了しました`,
    heading: `${plan}プランが終了しました`,
    intro:
      'Mofuアカウントはフリープランに戻りました。削除されたものはありません。ピン留めした作品はそのまま残り、フリープランの上限を超えたフォルダーもそのまま残りますが、上限を下回るまで新しく作ることはできません。ボードはこちらから確認できます。',
    action: 'ボードを開く',
    notExpected:
      'プランがもっと続くはずだった場合は、このMofuの運営者にお問い合わせください。各ページの下にある「お問い合わせ」から連絡できます。',
  }),
  planGranted: (plan, until) => ({
    subject: `Mofuの${plan}プランになりました`,
    heading: `${plan}プランへようこそ`,
    intro: `このMofuの運営者が、あなたのアカウントを${until === null ? '' : `${until}まで`}${plan}プランにしました。いまからそのプランのピンとフォルダーを使えます。${until === null ? '' : '終了するとフリープランに戻りますが、削除されるものはありません。'}プランの内容とピンの残りはプレミアムのページで確認できます。`,
    action: 'プレミアムのページを開く',
    notExpected:
      '心当たりがない場合は、このMofuの運営者にお問い合わせください。各ページの下にある「お問い合わせ」から連絡できます。',
  }),
}

const JA_PARTS: MailParts = {
  // Intl puts a space between the date and the time, which Japanese text does not take.
  utcTime: (at) =>
    `${new Intl.DateTimeFormat('ja', { dateStyle: 'long', timeZone: 'UTC' }).format(at)}${new Intl.DateTimeFormat('ja', { timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`,
  // Intl writes "24 時間"; Japanese puts no space between a number and its counter.
  hours: (count) => `${count}時間`,
  device: (browser, system) => {
    const named = browser ?? '不明なブラウザ'
    return system === null ? named : `${system}の${named}`
  },
  validFor: (duration) => `このリンクの有効期限は${duration}です。`,
  buttonFallback: (validity) =>
    `${validity}ボタンが使えないときは、こちらのリンクを開いてください。`,
}

export const MAIL_WORDING: Readonly<Record<Language, MailWording>> = { en: EN, ja: JA }
export const MAIL_PARTS: Readonly<Record<Language, MailParts>> = { en: EN_PARTS, ja: JA_PARTS }
