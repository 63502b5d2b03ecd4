import type { ReactNode } from 'react'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { COOKIES } from './cookies-page'

/** The Japanese of COOKIES (docs/architecture.md "Languages"), beside its English. */
export const COOKIES_JA: Translation<typeof COOKIES> = {
  title: 'Cookie',
  tagline: 'Mofuがあなたのブラウザに保存するものの、ごく短い一覧とその理由。',
  shortTitle: 'かんたんに言うと',
  short: ({ link }: RichText): ReactNode => (
    <p>
      Mofuはセルフホスト型のオープンソースソフトウェアで、このサイトは、このMofuを運営している人（「運営者」）が運営しています。標準で使うCookieは多くても3つで、すべてこのサイト自身が設定し、すべてあなたが求めた機能のために必要なものです。広告用のCookieはありません。ブラウザの外でMofuがあなたについて保存するものは、
      {link('/privacy', 'プライバシーのページ')}で説明しています。
    </p>
  ),
  cookiesTitle: 'Cookie',
  cookiesCaption: 'このサイトが設定するCookie',
  cookieColumns: ['名前', '役割', '期間', '詳細'],
  darkMode: ({ key }: RichText): ReactNode => (
    <>
      ダークモードがオンかどうかを覚えます：{key('true')}または{key('false')}。
    </>
  ),
  days: '365日',
  darkModeDetails:
    'ファーストパーティ、SameSite=Lax。ほかのCookieと同じくこのサイトへのリクエストと一緒に送られますが、中身はtrueかfalseだけです。',
  lang: ({ key }: RichText): ReactNode => (
    <>
      サイトを表示する言語（{key('en')}または{key('ja')}
      ）を覚え、ページやメッセージがその言語で届くようにします。
    </>
  ),
  langDetails: 'ファーストパーティ、SameSite=Lax。中身はenかjaだけです。',
  session: 'ログインセッション',
  sessionDoes: 'ログインしたままにします。',
  sessionLasts: 'ログインしているあいだだけ',
  sessionDetails:
    'ファーストパーティ、HttpOnly（ページ上のスクリプトからは読めません）、SameSite=Lax。サイトがhttpsのときはSecure（httpsでだけ送信）。',
  noOther: 'ほかに設定用のCookieはありません。',
  storageTitle: 'ローカルストレージ',
  storage:
    'いくつかの選択は、代わりにブラウザのローカルストレージに保存されます。これらはあなたのデバイスに残り、サーバーには送られません。',
  storageCaption: 'ローカルストレージのキー',
  storageColumns: ['キー', '覚えていること'],
  theme: ({ key }: RichText): ReactNode => (
    <>
      テーマ：{key('light')}、{key('dark')}、{key('system')}（デバイスに合わせる）のいずれか。
    </>
  ),
  font: ({ key }: RichText): ReactNode => (
    <>
      見出しのフォント：{key('orbitron')}または{key('default')}。
    </>
  ),
  language: ({ key }: RichText): ReactNode => (
    <>
      言語：{key('en')}、{key('ja')}、{key('system')}（ブラウザに合わせる）のいずれか。
    </>
  ),
  effects:
    '6つのエフェクトのスイッチ：サイドバーのホバー、メニューボタンのバウンド、ドラッグのパーティクル、フォルダーの開き、フィルターのジャンプ、状態をすべて保存。',
  uiState:
    '「状態をすべて保存」がオンのときだけ：ホームのフィルターなど、ちょっとした画面の選択。オフにすると消去されます。',
  avatar: 'アバターのアドレスのコピー。あなたの画像がすぐに表示されるようにします。',
  viewsTitle: 'Cookieを使わないページビュー',
  views:
    'MofuはCookieを使わずにページビューを数えます。記録するのは、ページのパス、移動元のページ（クエリ文字列なし）、時刻だけです。IPアドレス、ユーザーID、端末のフィンガープリントは使いません。',
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
        Cookieとローカルストレージは、ブラウザの設定からいつでも確認、ブロック、削除できます。消去すると、Mofuはただ忘れるだけです。ダークモードは標準のオンに戻り、エフェクトのスイッチも標準に戻り、もう一度ログインが必要になります。Cookieを完全にブロックすると、ログインしたままでいることはできません。
      </p>
      <p>
        ご質問は、ページ下部の「お問い合わせ」からどうぞ。
        {link('/privacy', 'プライバシーのページ')}
        もご覧ください。
      </p>
    </>
  ),
}
