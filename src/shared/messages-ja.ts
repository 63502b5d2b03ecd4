import { AUTH_MESSAGES, MIN_PASSWORD_LENGTH } from './auth-messages'
import { AVATAR_MAX_BYTES, AVATAR_MAX_INPUT_PIXELS, AVATAR_MESSAGES } from './avatar'
import { BOARD_MESSAGES, FOLDER_NAME_MAX_LENGTH, LIKE_NOTE_MAX_LENGTH } from './board'
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX_LENGTH } from './passkeys'
import {
  HANDLE_CHANGES_MAX,
  HANDLE_MAX_LENGTH,
  HANDLE_MESSAGES,
  HANDLE_MIN_LENGTH,
  HANDLE_RELEASE_DAYS,
  NAME_MAX_LENGTH,
  NAME_MESSAGES,
} from './profile'
import {
  BIO_MAX_LENGTH,
  BIO_MESSAGES,
  LINK_LABEL_MAX_LENGTH,
  LINK_MESSAGES,
  LINK_URL_MAX_LENGTH,
  PROFILE_LINKS_MAX,
  TEXT_FIELD_LENGTHS,
} from './profile-fields'
import { tooLongMessage } from './typed-text'
import { TWO_FACTOR_MESSAGES } from './two-factor'
import { EMAIL_CHANGE_MESSAGES } from './email-change'
import { MAL_IMPORT_MAX_BYTES, MAL_IMPORT_MESSAGES } from './mal-import'

/**
 * The Japanese of every message client and server share (docs/architecture.md "Languages"). Each catalogue is
 * typed against its English one, so a message added in English and not here fails the
 * typecheck. Loaded by the server, and by the client only with the Japanese catalogue.
 */

type Translation<Catalogue> = { readonly [Key in keyof Catalogue]: string }

const AUTH_JA: Translation<typeof AUTH_MESSAGES> = {
  emailInUse: 'このメールアドレスはすでに使われています。',
  userNotFound: 'アカウントが見つかりません。Googleでログインしてみてください。',
  userNotFoundWithoutGoogle: 'アカウントが見つかりません。',
  wrongPassword: 'パスワードが違います。',
  somethingWrong: '問題が発生しました。もう一度お試しください。',
  verificationSent: '確認メールを送信しました。ログインする前にメールアドレスを確認してください。',
  unverified: 'ログインする前にメールアドレスを確認してください。',
  invalidResetLink: 'パスワード再設定リンクが無効か、有効期限が切れています。',
  resetFailed: 'パスワードを再設定できませんでした。もう一度お試しください。',
  resetEmailEmpty: 'メールアドレスを入力してください。',
  passwordMismatch: 'パスワードが一致しません。',
  resetEmailSent: 'パスワード再設定メールを送信しました！',
  passwordChanged: 'パスワードを変更しました！移動しています...',
  emailVerified: 'メールアドレスを確認しました。Mofuへようこそ！',
  verifyLinkInvalid:
    'この確認リンクは無効か、有効期限が切れています。ログインすると新しいリンクが届きます。',
  notSignUpPassword: '新規登録のときに決めたパスワードと違います。',
  weakPassword: `パスワードは${MIN_PASSWORD_LENGTH}文字以上にしてください。`,
  commonPassword: 'このパスワードはよく使われています。別のパスワードにしてください。',
  invalidEmail: '正しいメールアドレスを入力してください。',
  neutral: 'メールアドレスまたはパスワードが違います。',
  tooManyRequests: '試行回数が多すぎます。1分ほど待ってから、もう一度お試しください。',
  mailNotSent:
    'いまはメールを送信できませんでした。入力した内容は失われていません。少し待ってから、もう一度お試しください。',
  offline: 'サーバーに接続できませんでした。通信環境を確認して、もう一度お試しください。',
  timeout: 'サーバーの応答に時間がかかっています。もう一度お試しください。',
  popupBlocked:
    'ブラウザがGoogleログインのウィンドウをブロックしました。このサイトのポップアップを許可して、もう一度お試しください。',
  popupClosed: 'ログインが終わる前に、Googleログインのウィンドウが閉じられました。',
  googleFailed: 'Googleログインが完了しませんでした。もう一度お試しください。',
  sessionEnded: 'セッションが終了しました。もう一度ログインしてください。',
  accountDeleted: 'アカウントを削除しました。そのメールアドレスにお知らせを送りました。',
  passwordRequired: 'アカウントを削除するには、パスワードを入力してください。',
  incorrectPassword: 'パスワードが違います。',
  reauthRequired: 'アカウントを削除するには、もう一度ログインしてください。',
  accountDisabled: 'このアカウントは停止されています。',
}

const EMAIL_CHANGE_JA: Translation<typeof EMAIL_CHANGE_MESSAGES> = {
  sent: '新しいアドレスにリンクを送信しました。1時間以内に開くと変更が完了します。それまでは何も変わりません。',
  sameEmail: 'これはすでにあなたのメールアドレスです。',
  invalidEmail: '正しいメールアドレスを入力してください。',
  passwordRequired: 'メールアドレスを変更するには、パスワードを入力してください。',
  reauthRequired: 'メールアドレスを変更するには、もう一度ログインしてください。',
  invalidLink:
    'このリンクは無効か、有効期限が切れています。アカウントパネルから、もう一度変更を依頼してください。',
  inUse: 'このメールアドレスはすでに別のアカウントで使われているため、何も変更されませんでした。',
  changed: 'メールアドレスを変更しました。これからは新しいアドレスでログインしてください。',
}

const HANDLE_JA: Translation<typeof HANDLE_MESSAGES> = {
  checking: '確認しています...',
  taken: 'このIDはすでに使われています',
  available: 'このIDは使えます',
  tooShort: `英数字${HANDLE_MIN_LENGTH}文字以上にしてください`,
  tooLong: `英数字${HANDLE_MAX_LENGTH}文字以内にしてください`,
  reserved: 'このIDは予約されています',
  tooSimilar: 'このIDは、すでにあるIDと似すぎています',
  changesLimited: `IDを変更できるのは${HANDLE_RELEASE_DAYS}日間に${HANDLE_CHANGES_MAX}回までです。そのうち最初の変更から${HANDLE_RELEASE_DAYS}日たつと、また変更できます。`,
  saving: '保存しています...',
  saved: 'プロフィールを保存しました！',
}

const NAME_JA: Translation<typeof NAME_MESSAGES> = {
  tooLong: `${NAME_MAX_LENGTH}文字以内にしてください`,
  control: '制御文字を取り除いてください',
  broken: '壊れた文字を取り除いてください',
  empty: '名前を入力してください',
}

/** The Japanese of tooLongMessage, which each profile text field says with its own length. */
const tooLongJa = (max: number) => `${max}文字以内にしてください`

const BIO_JA: Translation<typeof BIO_MESSAGES> = {
  tooLong: tooLongJa(BIO_MAX_LENGTH),
  control: NAME_JA.control,
  broken: NAME_JA.broken,
}

const LINK_JA: Translation<typeof LINK_MESSAGES> = {
  tooMany: `リンクは${PROFILE_LINKS_MAX}つまでです`,
  labelEmpty: 'リンクに名前を付けてください',
  labelTooLong: `${LINK_LABEL_MAX_LENGTH}文字以内にしてください`,
  notHttps: 'https:// で始まるウェブアドレスを入力してください',
  tooLong: `${LINK_URL_MAX_LENGTH}文字以内にしてください`,
}

const AVATAR_JA: Translation<typeof AVATAR_MESSAGES> = {
  unsupportedType: 'JPEG、PNG、WebPのいずれかの画像を選んでください。',
  unreadable: 'この画像は読み込めませんでした。',
  tooManyBytes: `画像が大きすぎます。${AVATAR_MAX_BYTES / 1024 / 1024}MB未満の画像を選んでください。`,
  tooManyPixels: `画像が大きすぎます。${AVATAR_MAX_INPUT_PIXELS / 1_000_000}メガピクセル未満の画像を選んでください。`,
  empty: 'アップロードする画像を選んでください。',
}

const PASSKEY_JA: Translation<typeof PASSKEY_MESSAGES> = {
  nameEmpty: 'パスキーに名前を付けてください（例：「Pixel 8」）。',
  nameTooLong: `パスキーの名前は${PASSKEY_NAME_MAX_LENGTH}文字以内にしてください。`,
  nameControl: '名前から制御文字を取り除いてください。',
  added: 'パスキーを追加しました。これからはこのパスキーでログインできます。',
  removed: 'パスキーを削除しました。',
  cancelled: '完了する前にパスキーの画面が閉じられました。変更はありません。',
  unsupported: 'このブラウザではパスキーを使えません。別のブラウザか端末でお試しください。',
  alreadyAdded: 'この端末には、すでにあなたのアカウントのパスキーがあります。',
  notFresh:
    '安全のため、一度ログアウトして、もう一度ログインしてください。この変更には10分以内のログインが必要です。',
  credentialInUse: 'このパスキーはすでにMofuで使われています。別のパスキーを追加してください。',
  registrationFailed:
    'パスキーを追加できませんでした（ブラウザが確認できませんでした）。もう一度お試しください。',
  signInFailed:
    'このパスキーではログインできませんでした。もう一度試すか、別の方法でログインしてください。',
  unknownPasskey: 'このパスキーはMofuに登録されていません。別の方法でログインしてください。',
  lastSignInMethod:
    'これが唯一のログイン方法です。削除する前に、別のパスキーを追加するかパスワードを設定してください。',
  passwordRemoved: 'パスワードを削除しました。これからはパスキーかGoogleでログインします。',
  noPasswordToRemove: 'このアカウントには削除できるパスワードがありません。',
  passwordStillNeeded:
    'ログインできなくならないよう、パスワードを削除する前にパスキーを追加してください（またはGoogleで一度ログインしてください）。',
  passwordRequired: 'パスワードを削除するには、現在のパスワードを入力してください。',
  passkeyOnly:
    'このアカウントにはパスワードがありません。「パスキーでログイン」を使うか、「パスワードをお忘れですか？」から設定してください。',
  userVerificationRequired:
    'このパスキーは指紋・顔・PINでのロック解除が必要です。もう一度試して、求められたらロックを解除してください。',
}

const TWO_FACTOR_JA: Translation<typeof TWO_FACTOR_MESSAGES> = {
  wrongCode:
    'コードが違うか、有効期限が切れています。アプリにいま表示されているコードを入力してください。',
  wrongBackupCode: 'バックアップコードが違うか、すでに使われています。',
  codeUsed: 'このコードはすでに使われています。アプリに次のコードが出るまでお待ちください。',
  codeRequired: '認証アプリのコードか、バックアップコードを入力してください。',
  codeFormat: '認証アプリに表示されている6桁の数字を入力してください。',
  challengeGone: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  challengeSpent: '間違ったコードが多すぎます。もう一度ログインしてください。',
  codesLocked:
    'このアカウントで間違ったコードが続いたため、コードの入力を最大15分間止めています。しばらくしてからもう一度お試しください。',
  turnedOn: '2段階認証をオンにしました。',
  turnedOff: '2段階認証をオフにしました。',
}

const BOARD_JA: Translation<typeof BOARD_MESSAGES> = {
  noteTooLong: `${LIKE_NOTE_MAX_LENGTH}文字以内にしてください`,
  folderNameEmpty: 'フォルダーの名前を入力してください',
  folderNameTooLong: `${FOLDER_NAME_MAX_LENGTH}文字以内にしてください`,
}

const pairs = <Catalogue extends Record<string, string>>(
  english: Catalogue,
  japanese: Translation<Catalogue>,
) =>
  (Object.keys(english) as (keyof Catalogue)[]).map((key) => [english[key], japanese[key]] as const)

const MAL_IMPORT_JA: Translation<typeof MAL_IMPORT_MESSAGES> = {
  tooLarge: `ファイルが大きすぎます。取り込めるMyAnimeListのエクスポートは${MAL_IMPORT_MAX_BYTES / 1024 / 1024}MBまでです。`,
  empty: 'MyAnimeListでエクスポートしたファイルを選んでください。',
  notXml:
    'このファイルはXMLではありません。MyAnimeListでエクスポートした.xmlか.xml.gzのファイルを選んでください。',
  notExport: 'このファイルはMyAnimeListのアニメリストのエクスポートではありません。',
  hostile:
    'このファイルにはDOCTYPEやエンティティの宣言があります。MyAnimeListのエクスポートにはないものなので、読み込みませんでした。',
  busy: 'いまMofuはほかのリストの読み込みで混み合っています。少し待ってから、もう一度お試しください。',
  tooManyLikes: '取り込むとボードに入る件数を超えるため、何も追加しませんでした。',
}

/** Each shared English message and its Japanese, for messages passed around as text. */
const JAPANESE_OF = new Map<string, string>([
  ...pairs(AUTH_MESSAGES, AUTH_JA),
  ...pairs(HANDLE_MESSAGES, HANDLE_JA),
  ...pairs(NAME_MESSAGES, NAME_JA),
  ...pairs(BIO_MESSAGES, BIO_JA),
  ...TEXT_FIELD_LENGTHS.map((max) => [tooLongMessage(max), tooLongJa(max)] as const),
  ...pairs(LINK_MESSAGES, LINK_JA),
  ...pairs(AVATAR_MESSAGES, AVATAR_JA),
  ...pairs(PASSKEY_MESSAGES, PASSKEY_JA),
  ...pairs(TWO_FACTOR_MESSAGES, TWO_FACTOR_JA),
  ...pairs(EMAIL_CHANGE_MESSAGES, EMAIL_CHANGE_JA),
  ...pairs(BOARD_MESSAGES, BOARD_JA),
  ...pairs(MAL_IMPORT_MESSAGES, MAL_IMPORT_JA),
])

/** The Japanese of a shared message, or the text itself when it is not one (a name, say). */
export const sharedMessageJa = (english: string): string => JAPANESE_OF.get(english) ?? english

export const SHARED_MESSAGES_JA = {
  auth: AUTH_JA,
  handle: HANDLE_JA,
  name: NAME_JA,
  bio: BIO_JA,
  link: LINK_JA,
  avatar: AVATAR_JA,
  passkey: PASSKEY_JA,
  twoFactor: TWO_FACTOR_JA,
  emailChange: EMAIL_CHANGE_JA,
  board: BOARD_JA,
  malImport: MAL_IMPORT_JA,
} as const
