import type { Language } from '../../shared/language'
import { SHARED_MESSAGES_JA, sharedMessageJa } from '../../shared/messages-ja'

/**
 * What Mofu's server answers in its own words, that no client shares (docs/architecture.md "Languages"). The
 * English is the contract and never changes; each Japanese text is typed against it, so a
 * message added here without its Japanese fails the typecheck.
 */
export const SERVER_MESSAGES = {
  invalidInput: 'Invalid input',
  notJson: 'Send the body as application/json',
  unreadableJson: 'Mofu cannot read this body as JSON.',
  repeatedField: 'Send each field only once.',
  bodyTooLarge: 'Body too large',
  badRequest: 'Bad request',
  notFound: 'Not found',
  /** Better Auth's ID-token sign-in, which Mofu switches off. */
  noIdTokenSignIn: 'Not found.',
  controlCharacters: 'Please remove control characters',
  passwordAsJson: 'Send { "password": "…" } as JSON.',
  signInAsForm:
    'Send { "email": "…", "password": "…" } as application/json or application/x-www-form-urlencoded.',
  signInRequired: 'Please log in first.',
  sessionEnded: 'This session has already ended.',
  noSuchHandle: 'No one has this ID yet.',
  handleNeeded: 'Choose an ID first: your links are checked for a link back to your page at /@ID.',
  noAvatar: 'No avatar here.',
  noBanner: 'No banner here.',
  busy: 'Mofu is busy with other images right now. Please try again in a moment.',
  crossSite: 'This request came from another site, so Mofu did not carry it out.',
  unavailable: 'Mofu cannot reach its database right now. Please try again in a moment.',
  metricsToken: 'A valid metrics token is required.',
  noSuchAnime: 'No anime with this ID in the catalog.',
  notOnBoard:
    'This folder or title is not on your board. It may have just been moved or removed in another tab.',
  folderNameTaken: 'You already have a folder with this name.',
  boardFull: 'Your board is full: delete a folder or take back some hearts first.',
  folderLimit:
    'Your plan has room for no more folders: delete one first. Nothing over the limit is ever deleted.',
  outOfPins:
    'You have used every pin of this period. More come when it ends; your pinned titles stay pinned.',
  publicFoldersFull:
    'Your plan has room for no more public folders: make one private first. Nothing over the limit is ever deleted.',
  noSuchFolder: 'No public folder has this address.',
} as const

export const SERVER_MESSAGES_JA: { readonly [Key in keyof typeof SERVER_MESSAGES]: string } = {
  invalidInput: '入力内容に誤りがあります。',
  notJson: '本文はapplication/json形式で送ってください。',
  unreadableJson: 'この本文はJSONとして読み取れません。',
  repeatedField: '同じ項目は一度だけ送ってください。',
  bodyTooLarge: '送られた内容が大きすぎます。',
  badRequest: 'リクエストの内容が正しくありません。',
  notFound: '見つかりません。',
  noIdTokenSignIn: '見つかりません。',
  controlCharacters: '制御文字を取り除いてください。',
  passwordAsJson: '{ "password": "…" } の形のJSONで送ってください。',
  signInAsForm:
    '{ "email": "…", "password": "…" } をapplication/jsonかapplication/x-www-form-urlencodedで送ってください。',
  signInRequired: '先にログインしてください。',
  sessionEnded: 'このセッションはすでに終了しています。',
  noSuchHandle: 'このIDを使っている人はまだいません。',
  handleNeeded: '先にIDを決めてください。リンク先に /@ID のページへのリンクがあるかを確かめます。',
  noAvatar: 'ここにアバターはありません。',
  noBanner: 'ここにバナーはありません。',
  busy: 'いまMofuはほかの画像の処理で混み合っています。少し待ってから、もう一度お試しください。',
  crossSite: '別のサイトから送られたリクエストのため、Mofuは実行しませんでした。',
  unavailable: 'いまMofuのデータベースに接続できません。少し待ってから、もう一度お試しください。',
  metricsToken: '有効なメトリクス用トークンが必要です。',
  noSuchAnime: 'このIDのアニメはカタログにありません。',
  notOnBoard:
    'このフォルダーまたは作品はボードにありません。別のタブで移動または削除されたのかもしれません。',
  folderNameTaken: '同じ名前のフォルダーがすでにあります。',
  boardFull:
    'ボードがいっぱいです。先にフォルダーを削除するか、ハートをいくつか取り消してください。',
  folderLimit:
    'いまのプランでは、これ以上フォルダーを作れません。先にどれかを削除してください。上限を超えた分が削除されることはありません。',
  outOfPins:
    'この期間のピンはすべて使いました。期間が終わるとまた使えます。ピン留めした作品はそのまま残ります。',
  publicFoldersFull:
    'いまのプランでは、これ以上フォルダーを公開できません。先にどれかを非公開にしてください。上限を超えた分が削除されることはありません。',
  noSuchFolder: 'このアドレスの公開フォルダーはありません。',
}

const JAPANESE_OF = new Map<string, string>(
  (Object.keys(SERVER_MESSAGES) as (keyof typeof SERVER_MESSAGES)[]).map((key) => [
    SERVER_MESSAGES[key],
    SERVER_MESSAGES_JA[key],
  ]),
)

/** The Japanese of a message Mofu answers with, its own or a shared one; undefined for others. */
export function japaneseOf(english: string): string | undefined {
  const own = JAPANESE_OF.get(english)
  if (own !== undefined) return own
  const shared = sharedMessageJa(english)
  return shared === english ? undefined : shared
}

/**
 * A message in the answer's language. English is the text itself. In Japanese, a text Mofu has
 * no Japanese of (a library's own words) becomes `fallback`, so no English sentence is left.
 */
export const inLanguage = (
  language: Language,
  english: string,
  fallback: string = english,
): string => (language === 'en' ? english : (japaneseOf(english) ?? fallback))

/** The Japanese an answer falls back to, by its status. */
export const japaneseFallback = (status: number): string =>
  status < 500 ? SERVER_MESSAGES_JA.badRequest : SHARED_MESSAGES_JA.auth.somethingWrong
