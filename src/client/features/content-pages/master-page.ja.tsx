import type { ReactNode } from 'react'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { MASTER } from './master-page'

/** The Japanese of MASTER (docs/architecture.md "Languages"), beside its English. */
export const MASTER_JA: Translation<typeof MASTER> = {
  title: 'Mofuについて',
  tagline: 'クリエイターのふわふわなアイデアと、このサイトの運営者、そしてサイトがある理由。',
  meetTitle: 'Mofuの紹介',
  mascot: 'Mofu。まるくてふわふわした、ピンクと白の生き物がほほえんでいます',
  meet: (): ReactNode => (
    <>
      <p>
        Mofuは、温かい飲み物と静かな夜、そして桜の季節が大好きな、まんまるの小さな毛玉です。名前は、とてもやわらかくてふわふわしたものを表す日本語「もふもふ」から来ています。
      </p>
      <p>
        Mofuはサイトのあちこちにいます。標準のアバターとして、うまくいったときに応援する姿で、そして存在しないページでは少し迷子になった姿で。
      </p>
    </>
  ),
  siteTitle: 'このサイトについて',
  site: ({ link }: RichText): ReactNode => (
    <p>
      Mofuは、ウェブの片すみにある、くつろぎのアニメコーナーです。アカウントを作ると、名前と自分だけのIDとアバターのついたプロフィールができます。あとは、花開いていくセクションをのんびり巡ってください：
      {link('/favorites', 'お気に入り')}、{link('/seeme', 'SeeME')}、
      {link('/sakuramap', 'SakuraMap')}、{link('/dim25', '2.5次元')}など。
    </p>
  ),
  runsTitle: 'このサイトの運営者',
  runs: ({ link }: RichText): ReactNode => (
    <>
      <p>
        Mofuはセルフホスト型のオープンソースソフトウェアで、誰でも自分のMofuを運営できます。このサイトは、サーバーやアカウント、ここでのルールを管理する運営者が運営しています。ソフトウェアの作者は、このサイトの運営者でない限り、あなたがここに保存したものを見ることはありません。
      </p>
      <p>
        ご質問やアイデア、やさしいひとことは、ページ下部の「お問い合わせ」からどうぞ。そのほかのことは
        {link('/privacy', 'プライバシー')}と{link('/terms', '利用規約')}
        のページで、わかりやすく説明しています。
      </p>
    </>
  ),
  creditsTitle: 'アニメのデータについて',
  credits: (): ReactNode => (
    <p>
      Mofuで検索したりハートをつけたりできるアニメのタイトル、放送日、リンクは、オープンデータ
      <a
        href="https://github.com/bangumi-data/bangumi-data"
        rel="noopener noreferrer"
        className="font-semibold text-accent underline underline-offset-2"
      >
        bangumi-data
      </a>
      によるものです。
      <a
        href="https://creativecommons.org/licenses/by/4.0/deed.ja"
        rel="noopener noreferrer"
        className="font-semibold text-accent underline underline-offset-2"
      >
        クリエイティブ・コモンズ表示4.0
      </a>
      ライセンスのもとで公開されています。データを育てているみなさんに感謝します。
    </p>
  ),
  valuesTitle: '大切にしていること',
  values: [
    {
      title: 'くつろぎ第一',
      text: 'やわらかな色、オフにできる短いアニメーション、そしてうるさいポップアップはありません。',
    },
    {
      title: 'データは控えめに',
      text: 'Mofu独自のページビューカウンターは、Cookie、IPアドレス、ユーザーIDを使いません。アカウントには必要なものだけを保存します。',
    },
    {
      title: 'オリジナルのイラストだけ',
      text: 'Mofuとここにあるすべてのイラストは、このプロジェクトのために描かれたものです。既存のアニメからキャラクターを借りてはいません。',
    },
  ],
  notesTitle: 'クリエイターのノート',
  notes:
    'スケッチや制作の裏話、これからの予定をここに載せていきます。スケッチブックは開いていますが、インクはまだ乾いていません。',
}
