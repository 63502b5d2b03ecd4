import type { ReactNode } from 'react'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { COOKIES } from './cookies-page'
import { PREFERENCE_LABELS_JA, PREFERENCE_STORAGE_ROWS_JA } from './preference-labels.ja'

/** The Japanese of COOKIES (docs/architecture.md "Languages"), beside its English. */
export const COOKIES_JA: Translation<typeof COOKIES> = {
  title: 'Cookie',
  tagline: 'Mofuがあなたのブラウザに保存するものの一覧とその理由。',
  shortTitle: 'かんたんに言うと',
  short: ({ link }: RichText): ReactNode => (
    <p>
      Mofuはセルフホスト型のオープンソースソフトウェアで、このサイトは、このMofuを運営している人（「運営者」）が運営しています。設定するCookieはすべてこのサイト自身のもので、広告用のものはありません。2つはダークモードと言語を覚え、ほかはログインにともなうもので、その多くはログインの途中の1段階だけに使われます。ブラウザの外でMofuがあなたについて保存するものは、
      {link('/privacy', 'プライバシーのページ')}で説明しています。
    </p>
  ),
  cookiesTitle: 'Cookie',
  cookiesCaption: 'このサイトが設定するCookie',
  cookieColumns: ['名前', '役割', '期間', '詳細'],
  days: (count: number) => `${count}日`,
  minutes: (count: number) => `${count}分`,
  cookies: {
    darkMode: {
      does: ({ key }: RichText): ReactNode => (
        <>
          ダークモードがオンかどうかを覚えます：{key('true')}または{key('false')}。
        </>
      ),
      details:
        'ページが設定します。SameSite=Lax。ほかのCookieと同じくこのサイトへのリクエストと一緒に送られますが、中身はtrueかfalseだけです。',
    },
    lang: {
      does: ({ key }: RichText): ReactNode => (
        <>
          サイトを表示する言語（{key('en')}または{key('ja')}
          ）を覚え、ページ、メッセージ、メールがその言語で届くようにします。
        </>
      ),
      details: 'ページが設定します。SameSite=Lax。中身はenかjaだけです。',
    },
    session: {
      does: () => 'ログインしたままにします。',
      details:
        'ログインしたときに設定されます。HttpOnly（ページ上のスクリプトからは読めません）、SameSite=Lax。サイトがhttpsのときはSecure（httpsでだけ送信）。使っているあいだは毎日更新されますが、最後に本人であることを確かめてから30日を超えることはなく、ログアウトすると消えます。',
    },
    browser: {
      does: () =>
        'このブラウザのランダムな識別子です。これまで使われたことのないブラウザからアカウントにログインがあったとき、Mofuがメールでお知らせできるようにします。アカウントにはそのハッシュだけを保存します。',
      details:
        'このブラウザで初めてログインしたときに設定されます。HttpOnly、SameSite=Lax、httpsではSecure。ログアウトしても残ります。これがあるブラウザは、アカウントが知っているブラウザです。',
    },
    trustedBrowser: {
      does: () =>
        '2段階認証のコードを入力するときに「このデバイスを30日間信頼する」を選んだ場合だけ：このブラウザがパスワードだけでログインできるようにします。',
      details:
        'サーバーが署名します。HttpOnly、SameSite=Lax、httpsではSecure。ログインのたびに更新されます。2段階認証をオフまたはオンにしたとき、パスワードを再設定したとき、「ほかのすべての場所からログアウト」を使ったときは、効力がなくなります。',
    },
    twoFactorStep: {
      does: () =>
        'ログインが2段階認証のコードを待っているあいだ：コードがどのログインのものかを覚えます。',
      details: 'サーバーが署名します。HttpOnly、SameSite=Lax、httpsではSecure。',
    },
    passkeyPrompt: {
      does: () =>
        'デバイスのパスキーの確認が開いているあいだ：デバイスの応答を、このブラウザが開いた確認と結びつけます。',
      details: 'サーバーが署名します。HttpOnly、SameSite=Lax、httpsではSecure。',
    },
    googleSignIn: {
      does: () =>
        'Googleでログインしているあいだ：Googleからの応答を、このブラウザが始めたログインと結びつけます。',
      details: 'サーバーが署名します。HttpOnly、SameSite=Lax、httpsではSecure。',
    },
  },
  securePrefix: ({ key }: RichText, auth: string, secure: string): ReactNode => (
    <p>
      サイトがhttpsのときは、名前が{key(auth)}で始まるCookieの前に{key(secure)}
      がつき、ブラウザはそれをhttpsでだけ受け入れます。ほかに設定用のCookieはありません。
    </p>
  ),
  storageTitle: 'ローカルストレージ',
  storage: (preferences: string) =>
    `いくつかの選択は、代わりにブラウザのローカルストレージに保存されます。ログアウト中は、あなたのデバイスの中だけに残ります。ログイン中は、ブラウザで選んだ${preferences}がアカウントにも保存され、ほかのブラウザでも同じ設定になります。それ以外のキーがブラウザの外に出ることはありません。`,
  preferences: PREFERENCE_LABELS_JA,
  storageCaption: 'ローカルストレージのキー',
  storageColumns: ['キー', '覚えていること'],
  stored: PREFERENCE_STORAGE_ROWS_JA,
  uiState:
    '「状態をすべて保存」がオンのときだけ：ホームのフィルターや、ボードで閉じたフォルダーとスクロール位置など、ちょっとした画面の選択。オフにすると消去されます。',
  boardView: 'ボードで選んだ絞り込みと並べ替え。',
  avatar: 'アバターの画像とそのアドレスのコピー。あなたの画像がすぐに表示されるようにします。',
  viewsTitle: 'Cookieを使わないページビュー',
  views:
    'MofuはCookieを使わずにページビューを数えます。送られるのはページのパスと移動元のページ（クエリ文字列なし）で、サーバーはページごと、日ごとの回数だけを数えます。IPアドレス、ユーザーID、端末のフィンガープリントは使いません。',
  gaTitle: 'Googleアナリティクス（有効なときだけ）',
  ga: ({ key }: RichText): ReactNode => (
    <p>
      運営者がGoogleアナリティクスの測定IDを設定している場合は、Googleのタグマネージャーも読み込まれてページビューを受け取ります。そのとき、Googleのスクリプトが独自のCookie（
      {key('_ga')}
      など）を設定することがあり、それにはGoogleのプライバシーポリシーが適用されます。測定IDがなければ、第三者のスクリプトは読み込まれず、第三者のCookieも設定されません。
    </p>
  ),
  manageTitle: 'Cookieの管理',
  manage: ({ link }: RichText): ReactNode => (
    <>
      <p>
        Cookieとローカルストレージは、ブラウザの設定からいつでも確認、ブロック、削除できます。消去すると、Mofuはただ忘れるだけです。ダークモードは標準のオンに戻り、エフェクトのスイッチも標準に戻り、もう一度ログインが必要になります（アカウントに保存した設定は、ログインすると戻ります）。そのログインは新しいブラウザからのものとして扱われるので、メールでお知らせが届き、信頼したブラウザでももう一度コードを求められます。Cookieを完全にブロックすると、ログインしたままでいることはできません。
      </p>
      <p>
        ご質問は、ページ下部の「お問い合わせ」からどうぞ。
        {link('/privacy', 'プライバシーのページ')}
        もご覧ください。
      </p>
    </>
  ),
}
