import type { ReactNode } from 'react'
import { MIN_PASSWORD_LENGTH } from '@shared/auth-messages'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { EN, PageLabels } from './i18n-en'

type English = typeof EN

/**
 * The shared messages' Japanese comes with the schemas they belong to (zod and all): loaded
 * beside this chunk, never in the way of a Japanese page's hydration. Messages are shown on
 * what a visitor does, long after it has arrived.
 */
let sharedJapanese: ((english: string) => string) | undefined
void import('@shared/messages-ja').then((module) => (sharedJapanese = module.sharedMessageJa))

/**
 * The Japanese of every catalogue (README "Languages"): one chunk, loaded only when Japanese is
 * shown. Its type comes from the English catalogues, so a key missing here, or one English no
 * longer has, fails the typecheck. Natural, polite UI Japanese, not word for word; names and
 * brand words (Mofu, SeeME, SakuraMap, Orbitron) stay as they are.
 */
export const JA: { readonly [Name in keyof English]: Translation<English[Name]> } & {
  readonly labels: PageLabels
  readonly messages: (english: string) => string
} = {
  messages: (english) => sharedJapanese?.(english) ?? english,

  meta: { description: 'Mofu：ふわふわのマスコットがいる、くつろぎのアニメコーナー。' },

  labels: {
    Home: 'ホーム',
    Like: 'お気に入り',
    SeeME: 'SeeME',
    SakuraMap: 'SakuraMap',
    Shop: 'ショップ',
    Premium: 'プレミアム',
    Account: 'アカウント',
    Settings: '設定',
    Creator: 'クリエイター',
    'About Us': 'Mofuについて',
    Support: 'サポート',
    Privacy: 'プライバシー',
    Terms: '利用規約',
    Cookies: 'Cookie',
    '2.5D': '2.5次元',
    Opening: 'オープニング',
    Articles: 'よみもの',
    'Not found': 'ページが見つかりません',
  },

  shell: {
    skip: '本文へ移動',
    loading: '読み込み中',
    sections: 'セクション',
    footer: 'フッター',
    contact: 'お問い合わせ',
    newTab: '（新しいタブで開きます）',
    madeWith: '© Mofu · ふわふわを込めて',
    openMenu: 'メニューを開く',
    closeMenu: 'メニューを閉じる',
    openAccount: 'アカウントパネルを開く',
  },

  comingSoon: { badge: 'もうすぐ' },

  notFound: {
    title: 'このページは迷子になったようです',
    text: (path: ReactNode): ReactNode => (
      <>
        Mofuがクッションの下まで探しましたが、{path}
        には何もありませんでした。リンクが古いか、文字が違っているのかもしれません。
      </>
    ),
    home: 'ホームへ戻る',
  },

  home: {
    title: 'Mofuへようこそ',
    tagline: '思わず笑顔になる小さな瞬間を集める、くつろぎのアニメコーナーです。',
    welcome: (): ReactNode => (
      <>ゆっくり見て回るのも、まずは桜の下をお散歩するのも、お好きなように。</>
    ),
    openMap: 'SakuraMapを開く',
    about: 'Mofuについて',
    today: '今日のMofu',
    todayLine: '思い浮かべたくなる小さなひととき。テーマを選ぶか、ぜんぶ眺めてみてください。',
    count: (count: number, format: (n: number) => string) => `${format(count)}件`,
    filterGroup: 'テーマで絞り込む',
    filters: { all: 'すべて', cosy: 'ほっこり', adventure: '冒険', night: '夜空' },
    moods: {
      lantern: {
        title: 'ちょうちん散歩',
        line: '川を流れていく紙ちょうちん。最後の橋まで、ついて行ってみましょう。',
      },
      cup: {
        title: '雨の日のカフェ',
        line: '窓ぎわの席に温かいミルクティー。雨音がゆっくりと小さな歌を刻みます。',
      },
      tangerine: {
        title: 'こたつの午後',
        line: 'みかんと、ふとんをかけたテーブル。どこにも行かなくていい時間です。',
      },
      sunrise: {
        title: '日の出の山頂',
        line: '夜明け前に登って、足もとの雲が桃色に染まるのを眺めましょう。',
      },
      shootingStar: {
        title: '流れ星ピクニック',
        line: '屋上と、ココアの入った水筒。流れ星ひとつに、願いごとをひとつ。',
      },
      key: {
        title: 'ツタの向こうの門',
        line: '春にだけ開く、古い庭の扉。ちょっとのぞいてみませんか？',
      },
      shell: {
        title: 'シーグラス探し',
        line: '引き潮の浜を裸足で歩いて、ポケットを小さな緑の宝物でいっぱいに。',
      },
      dango: {
        title: 'お月見だんご',
        line: '秋いちばんのまんまるな月の下、甘いおだんごを高く積み上げて。',
      },
    },
  },

  favorites: {
    title: 'お気に入り',
    tagline: 'Mofuでハートをつけたものを、ひとつのくつろげる場所に集めます。',
    soonTitle: 'お気に入りはもうすぐ届きます',
    soon: (): ReactNode => (
      <>
        このページはまだ準備中です。もうすぐ、あなたがつけたハートがここに集まり、あなただけのお気に入りの棚になります。
      </>
    ),
    howTitle: '使いかた（予定）',
    steps: {
      heart: {
        title: 'ハートをタップ',
        text: 'Mofuのどこかで素敵なものを見つけたら、ハートをつけましょう。',
      },
      pin: {
        title: 'いちばんをピン留め',
        text: 'とくに大好きなものはピン留めして、いつも上に置いておけます。',
      },
      basket: {
        title: 'いつでも戻ってこられます',
        text: 'お気に入りはすべて、ここでふんわりまとめて待っています。',
      },
    },
  },

  seeme: {
    chat: ['春アニメを見返してる人いる？', 'もちろん！✿', 'じゃあ、お茶と第1話からね'],
    tagline:
      'ファンが集まって、あいさつしたり、いま見ている作品を語り合ったりする小さなチャットコーナーです。',
    soonTitle: 'チャットルームはまだ飾りつけ中です',
    soon: [
      'クッションをふくらませて、お湯を沸かしているところです。SeeMEが開いたら、気軽に立ち寄って、誰がいるかを見たり、好きな作品について話したりできます。',
      'それまで、Mofuがあなたの席を温めておきます。',
    ],
    rulesTitle: 'ハウスルール（先にお知らせ）',
    rules: [
      'やさしくしましょう。ここにいる誰もが、誰かの大切な人です。',
      '今週放送のエピソードのネタバレは隠しましょう。',
      'くつろげる場所に：スパム、大声、他人の個人情報の共有はやめましょう。',
    ],
  },

  sakuramap: {
    tagline: (): ReactNode => <>夜のお花見にぴったりの桜スポットを見つけましょう。</>,
    comingSoon: 'もうすぐ',
    sketch: '本物の地図はまだつぼみです。Mofuのお気に入りスポットをスケッチにしてみました：',
    legend: 'スケッチの桜スポット',
    spots: {
      pond: { name: '月明かりの池', note: '夜桜を楽しめる静かなベンチ' },
      moat: { name: '古城のお堀', note: '静かな水面に映る桜' },
      river: { name: '川沿いの遊歩道', note: '水辺に続く花びらのトンネル' },
      hill: { name: 'ちょうちんの丘', note: '石段と紙ちょうちん' },
    },
  },

  shop: {
    title: 'ショップ',
    tagline: 'ステッカーや壁紙、ちょっとしたごほうびで、あなたのMofuコーナーを自分らしく。',
    soonTitle: 'ショップはまだ準備中です',
    soon: 'Mofuが在庫を数えて、棚を磨いているところです。まだ何も販売しておらず、ショップが本当に開くまで、ここで支払い情報をお聞きすることはありません。',
    windowTitle: 'ウィンドウショッピング',
    window: '最初に並べる予定の棚を、少しだけお見せします。',
    shelves: {
      blossom: {
        title: 'ステッカーパック',
        text: 'いろいろな表情のMofu。チャットにも、ノートにも、ノートパソコンにも。',
      },
      picture: {
        title: '壁紙',
        text: '夜空と桜の小道。スマートフォンにもパソコンにも合うサイズで。',
      },
      pin: {
        title: '追加のピン',
        text: 'なくしたくない瞬間を、もっとたくさんピン留めできます。',
      },
    },
  },

  premium: {
    title: 'プレミアム',
    tagline: 'お気に入りのサイトを応援して、このくつろぎの場所をみんなのために開いておきましょう。',
    whyTitle: 'プレミアムがある理由',
    why: 'Mofuはセルフホスト型のオープンソースソフトウェアです。このサイトは、このMofuを運営している人（運営者）が運営しており、プレミアムは運営にかかる費用を応援するための仕組みです。いま無料のものは、これからも無料です。',
    reasons: {
      house: {
        title: '明かりを灯し続けるために',
        text: 'サーバー、アバターの保存場所、メールアドレス確認のためのメールには、毎月少しずつ費用がかかります。',
      },
      blossom: {
        title: '広告のないMofuのために',
        text: '広告の代わりに応援していただくことで、桜のあいだに広告バナーが生えてくることはありません。',
      },
      sprout: {
        title: 'Mofuが育つために',
        text: '新しいセクションや新しいイラスト、そして今あるものを大切にする時間に使います。',
      },
    },
    soonTitle: 'プレミアムプランはまだ始まっていません',
    soon: 'いまはすべてのアカウントが無料プランで、お支払いは一切ありません。プレミアムが始まるときは、何かを決める前に、費用と内容をこのページで正確にお知らせします。',
    thanks: ({ link }: RichText): ReactNode => (
      <>
        ありがとうございます。ここにいてくださるだけで、もう十分な応援です。このサイトを誰が運営しているか気になりますか？
        {link('/master', 'Mofuについて')}のページで、ぜひあいさつしてください。
      </>
    ),
  },

  settings: {
    title: '設定',
    tagline:
      'テーマやフォント、ちょっとしたエフェクトで、Mofuを自分好みに。このブラウザに保存され、ログイン中はアカウントにも保存されます。',
    appearance: '見た目',
    theme: 'テーマ',
    themes: {
      light: { label: 'ライト', hint: 'クリームと桜色で、軽やかに' },
      dark: { label: 'ダーク', hint: '夜のインディゴ（標準）' },
      system: { label: 'システム', hint: 'デバイスの設定にすぐ合わせます' },
    },
    font: 'フォント',
    fonts: {
      orbitron: { label: 'Orbitron', hint: '近未来的な見出し（標準）' },
      default: { label: 'デフォルト', hint: 'どこでもシステムのフォント' },
    },
    language: '言語',
    languages: {
      en: { label: 'English', hint: 'すべて英語で表示します' },
      ja: { label: '日本語', hint: 'すべて日本語で表示します' },
      system: { label: 'システム', hint: 'ブラウザの言語設定に合わせます' },
    },
    effects: 'エフェクト',
    stillEffects: 'デバイスで「視差効果を減らす」が設定されているときは、エフェクトは動きません。',
    effectLabels: {
      sidebarHoverEffect: {
        label: 'サイドバーのホバー',
        hint: 'ポインターを重ねるとリンクがすべって揺れます',
      },
      hamburgerBounce: {
        label: 'メニューボタンのバウンド',
        hint: 'タップするとメニューボタンが弾みます',
      },
      dragParticleEffect: {
        label: 'ドラッグのパーティクル',
        hint: 'ドラッグすると桜の花びらがついてきます',
      },
      folderOpenEffect: {
        label: 'フォルダーの開き',
        hint: 'アカウントパネルがふわっと開きます',
      },
      filterJumpEffect: {
        label: 'フィルターのジャンプ',
        hint: '選んだフィルターがぴょんと跳ねます',
      },
      fullStatePersistence: {
        label: '状態をすべて保存',
        hint: 'ホームのフィルターなど、ちょっとした選択を次の訪問でも覚えておきます',
      },
    },
  },

  master: {
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
  },

  privacy: {
    title: 'プライバシー',
    tagline: 'このMofuサイトがあなたについて何を保存するか、その理由、そして消してもらう方法。',
    glanceTitle: 'ひとめでわかるまとめ',
    glance: [
      'Mofuは広告を表示しません。',
      'Mofu独自のページビューカウンターは、Cookie、IPアドレス、ユーザーID、フィンガープリントを使いません。',
      'Cookieはダークモード用と言語用の2つで、3つめはログイン中だけ存在します。',
      'アカウントには必要なものだけを保存し、いつでも自分で削除できます。',
    ],
    whoTitle: 'あなたのデータを管理する人',
    who: (): ReactNode => (
      <>
        <p>
          Mofuはセルフホスト型のオープンソースソフトウェアで、誰でも自分のMofuを運営できます。このサイトは、このMofuを運営している人（このページでは「運営者」と呼びます）が運営しています。運営者は、サーバー、データベース、ファイルの保存場所を決め、ここで説明するデータに責任を持ちます。
        </p>
        <p>
          Mofuソフトウェアの作者は、このサイトの運営者でない限り、これらのデータを一切受け取りません。運営者への連絡は、ページ下部の「お問い合わせ」からどうぞ。
        </p>
      </>
    ),
    visitTitle: 'サイトを見るだけのとき',
    visit: ({ link, key }: RichText, newTab: ReactNode): ReactNode => (
      <>
        <p>
          <strong className="text-ink">ページビュー。</strong>
          ページを移動するたびに、ブラウザはこのサイト自身のサーバーに、そのページと移動元のページのパスを（クエリ文字列なしで）伝えます。サーバーはそれを時刻とともに保存します。Cookie、IPアドレス、ユーザーID、端末のフィンガープリントは一緒に送られないため、ページビューがあなたと結びつくことはありません。
        </p>
        <p>
          <strong className="text-ink">Googleアナリティクス（有効なときだけ）。</strong>
          運営者がGoogleアナリティクスの測定IDを設定している場合は、Googleのタグマネージャーも読み込まれて同じページビューを受け取り、Googleが集める情報には
          <a
            href="https://policies.google.com/privacy"
            className="font-semibold text-accent underline underline-offset-2"
            target="_blank"
            rel="noopener noreferrer"
          >
            Googleのプライバシーポリシー
            {newTab}
          </a>
          が適用されます。測定IDがなければ、第三者のスクリプトは一切読み込まれません。
        </p>
        <p>
          <strong className="text-ink">サーバーログ。</strong>
          運営者が問題を解決できるよう、Mofuはリクエストごとに短い技術的な記録（メソッド、パス、ステータス、処理時間）を残します。IPアドレスは含みません。運営者のホスティング先が独自のアクセスログを残すことはあります。
        </p>
        <p>
          <strong className="text-ink">設定。</strong>ダークモードは{key('darkMode')}
          というCookieに保存され、テーマや見出しのフォント、アニメーションのスイッチなどほかの選択は、ブラウザのローカルストレージに残ってサーバーには送られません。サイトを表示する言語は
          {key('lang')}
          というCookieに保存され、サーバーはその言語で応答します。すべての一覧は
          {link('/cookies', 'Cookieのページ')}にあります。
        </p>
      </>
    ),
    accountTitle: 'アカウントを作ったとき',
    accountIntro: 'アカウントには次のものだけを保存し、それ以外は保存しません：',
    tableCaption: 'アカウントに保存するもの',
    tableColumns: ['内容', '理由'],
    accountData: [
      ['メールアドレス', 'ログイン、メールアドレスの確認、パスワードの再設定のため。'],
      [
        'パスワード',
        'ログインのため。ハッシュ（元に戻せない変換）としてのみ保存するため、運営者を含め誰も読み戻せません。',
      ],
      [
        'メールアドレスの確認状況（はい・いいえ）',
        '確認済みのアドレスだけがログインしたままでいられます。',
      ],
      [
        'セッション',
        'ログアウトするかセッションが終わるまで、各デバイスでログインしたままにするため。',
      ],
      ['プロフィール名', 'プロフィールに表示する名前。'],
      [
        'ID（@id）',
        'あなただけのID。重複を確認するために小文字で、表示のために入力したとおりの形で保存します。',
      ],
      [
        'アバター画像',
        'あなたの画像。アップロード時に変換し直し、位置情報などの隠れたメタデータを取り除きます。',
      ],
      ['プランとピンのカウンター', 'あなたのプラン（いまは全員が「free」）と、ピンのカウンター。'],
    ],
    kept: 'これらはすべて、アカウントを削除するまで保存されます。セッションはログアウトしたときにも終了します。',
    google:
      'Googleでログインすると、GoogleからこのサイトにGoogleのメールアドレス、名前、プロフィール画像が共有されます。',
    mailTitle: 'お送りするメール',
    mail: 'メールアドレスを確認するためのリンクと、ご依頼があったときのパスワード再設定用のリンクの2種類だけです。ニュースレターや宣伝メールはお送りしません。',
    safeTitle: '安全を守るために',
    safe: [
      'パスワードの推測やサイトへの大量アクセスを防ぐため、Mofuはログイン、新規登録、パスワード再設定の試行回数をアドレスごとに短い間だけ数えます。このカウンターはすぐに消え、ほかの目的には使いません。',
      'ログイン用のCookieはページ上のスクリプトから読み取れず、httpsでは暗号化された接続でだけ送られます。',
    ],
    choicesTitle: 'あなたができること',
    choices: [
      '名前、ID、アバターは、アカウントパネルからいつでも変更できます。',
      'プロフィール画面からアカウントを削除できます。プロフィール、アバターのファイル、すべてのセッション、アカウントそのものが削除され、IDはほかの人が使えるようになります。',
      'このサイトのCookieとローカルストレージは、ブラウザでいつでも消去できます。設定で「状態をすべて保存」をオフにすると、Mofuはちょっとした画面の選択を覚えなくなり、保存していたものも消去します。',
      'データのコピーや訂正、そのほかプライバシーに関するご質問は、「お問い合わせ」から運営者に連絡してください。お住まいの地域によっては、データ保護法でさらに権利が認められている場合があり、その窓口は運営者です。',
    ],
    changesTitle: 'このページの変更',
    changes: ({ link }: RichText): ReactNode => (
      <p>
        このサイトのデータの扱いが変わるときは、このページも変わります。
        {link('/cookies', 'Cookie')}と{link('/terms', '利用規約')}のページもご覧ください。
      </p>
    ),
    newTab: '（新しいタブで開きます）',
  },

  terms: {
    title: '利用規約',
    tagline: 'このMofuサイトを使うためのハウスルールを、わかりやすい言葉で。',
    sections: {
      who: {
        title: '契約の相手',
        body: (): ReactNode => (
          <>
            <p>
              Mofuはセルフホスト型のオープンソースソフトウェアです。このサイトは、このMofuを運営している人（「運営者」）が運営しており、この規約はあなたと運営者とのあいだのものです。ソフトウェアの作者は、このサイトを運営していない限り、この規約の当事者ではありません。
            </p>
            <p>
              このサイトを使うことで、この規約に同意したものとみなされます。同意できない場合は、ご利用をお控えください。
            </p>
          </>
        ),
      },
      account: {
        title: 'あなたのアカウント',
        body: (): ReactNode => (
          <ul className="list-disc space-y-2 pl-5">
            <li>
              受け取れる本物のメールアドレスを登録してください。アカウントの確認とパスワードの再設定に必要です。
            </li>
            <li>
              パスワードは誰にも教えないでください。アカウントで起きたことには、あなたが責任を持ちます。
            </li>
            <li>
              IDは早い者勝ちです。ほかの人になりすますためのIDは選ばないでください。そうしたIDや不快なIDは、運営者が変更をお願いすることがあります。
            </li>
            <li>
              アカウントはプロフィールからいつでも削除できます。プロフィール、アバター、セッション、アカウントが削除され、IDはほかの人が使えるようになります。
            </li>
          </ul>
        ),
      },
      share: {
        title: 'あなたが共有するもの',
        body: (): ReactNode => (
          <p>
            プロフィール名、ID、アバターはあなたのものです。これらを登録することで、サイトを動かすために運営者がそれを保存し、このサイトに表示することを認めたことになります。使う権利のある画像だけをアップロードし、違法なもの、差別的なもの、誰かを傷つけるためのものはアップロードしないでください。
          </p>
        ),
      },
      kind: {
        title: 'サイトにもやさしく',
        body: (): ReactNode => (
          <>
            <ul className="list-disc space-y-2 pl-5">
              <li>スパム、嫌がらせ、他人の個人情報の共有は禁止です。</li>
              <li>
                他人のアカウントへの侵入、ログイン試行の制限の回避、サーバーに過剰な負荷をかけることはしないでください。
              </li>
              <li>他人のデータを集めるためにサイトをスクレイピングしないでください。</li>
            </ul>
            <p>
              運営者は、これらのルールに反するアカウントを停止または削除することがあり、その理由をお伝えするよう努めます。
            </p>
          </>
        ),
      },
      premium: {
        title: 'プレミアムとショップ',
        body: (): ReactNode => (
          <p>
            どちらもまだ準備中です。すべてのアカウントは無料プランで、まだ何も販売していません。有料の機能を始める前に、費用、内容、解約方法をこの規約でお知らせします。
          </p>
        ),
      },
      guarantees: {
        title: '保証について',
        body: (): ReactNode => (
          <p>
            Mofuは心を込めて作られていますが、現状のまま提供されます。セクションが変わったり、機能が増えたり減ったり、サイトがときどき止まったりすることがあります。お住まいの地域の法律が認める範囲で、運営者はこのサイトの利用、または利用できなかったことによる損害について責任を負いません。ただし、法律で認められ、放棄できないあなたの権利を奪うものではありません。
          </p>
        ),
      },
      changes: {
        title: '変更とお問い合わせ',
        body: ({ link }: RichText): ReactNode => (
          <>
            <p>
              この規約が変わるときは、このページも変わります。その後もサイトを使い続けることで、新しい規約に同意したものとみなされます。ご質問は、ページ下部の「お問い合わせ」から運営者へどうぞ。
            </p>
            <p>
              データの扱いについては、{link('/privacy', 'プライバシー')}と
              {link('/cookies', 'Cookie')}のページで説明しています。
            </p>
          </>
        ),
      },
    },
  },

  cookies: {
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
  },

  dim25: {
    tagline: '2次元の夢が現実の世界へ。舞台、コスプレ、手作りの小道具。',
    whatTitle: '2.5次元とは？',
    what: (): ReactNode => (
      <>
        日本でいう「2.5次元」とは、描かれた世界と私たちの世界のあいだにある場所のことです。マンガやアニメが原作のミュージカル、コスプレ、実物大の小道具、そしてキャラクターをページの外へ連れ出すファンたち。
      </>
    ),
    craft:
      'このコーナーでは、衣装、ウィッグ、舞台セット、そして小さなひと針ひと針まで、ものづくりを応援します。',
    soonTitle: 'まだ幕は上がっていません',
    soon: 'Mofuはまだ舞台裏で、衣装にアイロンをかけたり、おじぎの練習をしたりしています。もうすぐここで、制作の裏話やコスプレのコツ、手作り小道具のギャラリーが見られるようになります。',
  },

  articles: {
    missing: (slug: ReactNode): ReactNode => (
      <>記事{slug}はまだ書かれていません。代わりに、ようこそのお手紙をどうぞ。</>
    ),
    kicker: 'よみもの',
    title: 'Mofuへようこそ：ふわふわからのお手紙',
    intro:
      'サイトのあちこちから届くメモや物語、ガイド。温かい飲み物を片手に、ゆっくり読んでください。',
    readTime: '2分で読めます',
    body: (
      { link }: RichText,
      Section: (props: { title: string; children: ReactNode }) => ReactNode,
      mascot: ReactNode,
    ): ReactNode => (
      <>
        <p>
          こんにちは、ようこそ！ここは読書室です。クッションをどうぞ。Mofuはここに、長めの物語や小さなガイド、サイトのお知らせをしまっておきます。
        </p>

        <Section title="どうして、くつろぎのコーナー？">
          <p>
            にぎやかなタイムラインを見たくない夜もあります。やわらかな色と、いくつかのやさしい顔があって、何にも急かされない静かな場所がほしい。それがMofuのすべてです。アニメと、アニメが心に残してくれる気持ちが好きな人のための、ウェブの上の小さくておだやかな家です。
          </p>
          <figure className="rounded-2xl border-l-4 border-sakura-400 bg-sunken px-5 py-4">
            <blockquote className="text-ink italic">
              <p>「やわらかいものだって、強くなれる。」</p>
            </blockquote>
            <figcaption className="mt-2 text-base text-ink-muted">たぶん、Mofu</figcaption>
          </figure>
        </Section>

        <Section title="いまできること">
          <ul className="list-disc space-y-2 pl-6">
            <li>
              アカウントを作って、自分だけのIDを選びましょう。IDは重複できないので、早い者勝ちで
              <em>@mochi</em>が手に入ります。
            </li>
            <li>
              アバターを追加するか、Mofuに代わりを務めてもらいましょう。写真は変換し直され、位置情報などの隠れた情報は取り除かれます。
            </li>
            <li>
              {link('/settings', '設定')}
              を開いて、ダークかライトかを選んだり、見出しのフォントを選んだり、小さなアニメーションをオン・オフしたりできます。
            </li>
          </ul>
        </Section>

        <Section title="次に咲くもの">
          <p>
            お気に入り、SeeMEのチャットコーナー、{link('/sakuramap', 'SakuraMap')}
            、ショップ、2.5次元のコーナーを準備中です。どれもすでにページがあるので、いつでも幕の裏をのぞけます。
          </p>
          <div className="flex items-center gap-4 rounded-2xl bg-sunken p-4">
            {mascot}
            <p className="text-base text-ink">読んでくれてありがとう。桜の下でまた会いましょう！</p>
          </div>
        </Section>
      </>
    ),
    moreTitle: 'ほかの記事もまもなく届きます',
    more: 'ガイドや季節の物語、サイトのお知らせを、書き上がりしだいここに載せていきます。',
  },

  animeOp: {
    back: 'ホームへ戻る',
    title: 'オープニングプレーヤー',
    tagline: 'ファンに愛されるオープニング曲とタイトル映像を、ゆったり楽しみましょう。',
    comingSoon: 'もうすぐ',
    waiting: '映写機を温めているあいだに、Mofuは待ちくたびれてうとうとしています。',
    requested: (name: ReactNode): ReactNode => (
      <>リクエストされたオープニング{name}は、プレーヤーの準備ができしだい、ここで再生されます。</>
    ),
  },

  panel: { close: 'アカウントパネルを閉じる', loading: 'アカウントを読み込み中' },

  account: {
    common: {
      tryAgain: 'もう一度試す',
      cancel: 'キャンセル',
      currentPassword: '現在のパスワード',
    },
    signIn: {
      tabs: 'アカウント',
      logIn: 'ログイン',
      signUp: '新規登録',
      email: 'メールアドレス',
      password: 'パスワード',
      atLeast: `${MIN_PASSWORD_LENGTH}文字以上にしてください。`,
      createAccount: 'アカウントを作成',
      forgot: 'パスワードをお忘れですか？',
      resend: '確認メールを再送信',
      or: 'または',
      passkey: 'パスキーでログイン',
      google: 'Googleでログイン',
    },
    reset: {
      title: '新しいパスワードを決める',
      checking: '再設定リンクを確認しています…',
      form: 'パスワードの再設定',
      newPassword: '新しいパスワード',
      confirm: '新しいパスワード（確認）',
      change: 'パスワードを変更',
    },
    challenge: {
      appHint: '認証アプリに表示されているMofuの6桁のコードを入力してください。',
      backupHint:
        '2段階認証をオンにしたときに保存したバックアップコードを1つ入力してください。各コードは1回だけ使えます。',
      form: '2段階認証のコード',
      appCode: '6桁のコード',
      backupCode: 'バックアップコード',
      trust: 'このデバイスを30日間信頼する',
      verify: '確認',
      useBackup: 'バックアップコードを使う',
      useApp: '認証アプリを使う',
      back: 'ログインに戻る',
    },
    twoFactor: {
      title: '2段階認証',
      loading: '2段階認証を読み込み中',
      on: 'オン：パスワードでログインするとき、認証アプリのコードも求めます。',
      off: 'オフ：パスワードのあとに認証アプリのコードを求めれば、パスワードが盗まれても安心です。',
      turnOn: '2段階認証をオンにする',
      turnOff: '2段階認証をオフにする',
      continue: '次へ',
      turnOffButton: 'オフにする',
      codeOrBackup: '認証アプリのコード、またはバックアップコード',
      scanNext: '次に、アプリでQRコードを読み取ります。',
    },
    setup: {
      form: '2段階認証の設定',
      scan: '認証アプリ（Aegis、Google Authenticator、1Passwordなど）でこのQRコードを読み取り、表示された6桁のコードを入力してください。',
      cantScan: '読み取れないときは、このセットアップキーを入力してください：',
      code: '6桁のコード',
      turnOn: 'オンにする',
      isOn: '2段階認証がオンになりました。',
      keep: 'このバックアップコードを安全な場所に保管してください。認証アプリをなくしたとき、各コードで1回ログインできます。',
      onlyNow: '表示されるのは今だけです。',
      codes: 'バックアップコード',
      copy: 'コピー',
      download: '.txtでダウンロード',
      done: '完了',
      copied: 'クリップボードにコピーしました。',
      notCopied: 'コピーできませんでした。ダウンロードするか、書き留めてください。',
      qrLoading: 'QRコードを読み込み中',
      qrFailed: 'QRコードを読み込めませんでした。代わりに下のセットアップキーを入力してください。',
      qr: '認証アプリ用のQRコード',
    },
    sessions: {
      title: 'ログイン中の場所',
      loading: 'セッションを読み込み中',
      unknownBrowser: '不明なブラウザ',
      device: (browser: string, system: string) =>
        system === '' ? browser : `${browser}（${system}）`,
      thisDevice: 'このデバイス',
      seen: (signedIn: string, lastSeen: string) => `ログイン：${signedIn} · 最終利用：${lastSeen}`,
      endOf: (device: string) => `${device}のセッションを終了`,
      end: '終了',
      endOthers: 'ほかのすべての場所からログアウト',
    },
    passkeys: {
      title: 'パスキー',
      intro: 'パスワードの代わりに、指紋や顔、画面ロックでログインできます。',
      loading: 'パスキーを読み込み中',
      list: 'あなたのパスキー',
      unnamed: 'パスキー',
      added: (day: string) => `${day}に追加`,
      removeLabel: (name: string) => `パスキー「${name}」を削除`,
      remove: '削除',
      removeQuestion: (name: string) => `パスキー「${name}」を削除しますか？`,
      removeDetail: 'このパスキーでは、もうログインできなくなります。',
      removeConfirm: 'パスキーを削除',
      keep: '残す',
      form: 'パスキーを追加',
      name: 'パスキーの名前',
      namePlaceholder: '例：Pixel 8',
      add: 'パスキーを追加',
    },
    email: {
      title: 'メールアドレス',
      change: 'メールアドレスを変更',
      form: 'メールアドレスの変更',
      newEmail: '新しいメールアドレス',
      passwordHint: '本人確認のため、現在のパスワードを入力してください。',
      noPasswordHint:
        'このアカウントにはパスワードがありません。パスキーかGoogleでログインしてから10分以内に変更できます。',
      send: 'リンクを送る',
      confirmTitle: '新しいメールアドレスの確認',
      confirmIntro: 'これからこのアドレスでMofuにログインしますか？',
      confirm: 'このアドレスを使う',
      confirming: 'アドレスを変更しています…',
    },
    activity: {
      title: '最近のセキュリティ アクティビティ',
      intro: '過去90日間にアカウントで起きたことを、新しい順に表示します。',
      loading: 'セキュリティ アクティビティを読み込み中',
      empty: '過去90日間の記録はありません。',
      more: 'さらに表示',
      notMe: '心当たりがない',
      notMeLabel: (what: string, when: string) => `心当たりがない：${what}（${when}）`,
      notMeDone:
        'ほかのすべてのセッションをログアウトし、新しいパスワードを決めるためのリンクを送信しました。',
      thisDevice: 'このデバイス',
      unknownBrowser: '不明なブラウザ',
      times: (count: number) => `${count}回`,
      events: {
        'sign-in.ok': 'ログイン',
        'sign-in.failed': 'ログインの失敗',
        'password-reset.completed': 'パスワードの変更',
        'password.removed': 'パスワードの削除',
        'email.change-requested': 'メールアドレス変更の依頼',
        'email.changed': 'メールアドレスの変更',
        'passkey.added': 'パスキーの追加',
        'passkey.removed': 'パスキーの削除',
        'two-factor.enabled': '2段階認証をオン',
        'two-factor.disabled': '2段階認証をオフ',
        'session.ended': 'セッションの終了',
        'account.exported': 'データのダウンロード',
        'account.disabled': '運営者によるアカウントの停止',
        'account.enabled': '運営者によるアカウントの再開',
      },
      methods: {
        password: 'パスワードで',
        passkey: 'パスキーで',
        google: 'Googleで',
        'two-factor': '2段階認証のコードで',
        'email-link': '確認リンクで',
      },
    },
    actions: {
      setPassword: 'パスワードを設定',
      changePassword: 'パスワードを変更',
      download: 'データをダウンロード',
      logOut: 'ログアウト',
      delete: 'アカウントを削除',
      deleteQuestion: 'アカウントを削除しますか？',
      deleteDetail:
        'プロフィール、アバター、セッション、ログイン情報は完全に削除され、あなたのIDはほかの人が使えるようになります。元に戻すことはできません。',
      deleteConfirm: '完全に削除する',
      keepAccount: 'アカウントを残す',
    },
    removal: {
      remove: 'パスワードを削除',
      question: 'パスワードを削除しますか？',
      detail:
        'これからはパスキーかGoogleだけでログインします。あとで「パスワードを設定」から、もう一度パスワードを設定できます。',
      keep: 'パスワードを残す',
    },
  },

  profile: {
    tryAgain: 'もう一度試す',
    cancel: 'キャンセル',
    notLoaded: 'プロフィールを読み込めませんでした。',
    loading: 'プロフィールを読み込み中',
    card: {
      avatar: 'あなたのアバター',
      noName: '名前はまだありません',
      noId: 'IDはまだありません',
      plan: 'プラン',
      pins: '使ったピン',
      edit: '編集',
      publicPage: '公開ページ',
    },
    editor: {
      form: 'プロフィールの編集',
      name: '名前',
      id: 'ID',
      freeIds: (ids: string) => `使えるID：${ids}`,
      save: '保存',
      suggested: 'おすすめのID',
      use: (id: string) => `IDを${id}にする`,
    },
    avatar: {
      change: 'アバターを変更',
      menu: {
        'Take Photo': '写真を撮る',
        'Choose from Library': 'ライブラリから選ぶ',
        'Browse Files': 'ファイルを選ぶ',
        'Reset to Default': '標準に戻す',
      },
      uploading: 'アバターをアップロード中',
      notSaved: 'アバターを保存できませんでした。',
      dropped: '接続が切れました。もう一度お試しください。',
      takePhoto: '写真を撮る',
      preview: 'カメラのプレビュー',
      capture: '撮影',
      cameraDenied:
        'カメラの使用が許可されていないため、Mofuはカメラを使えません。代わりにファイルを選べます。',
      noCamera: 'このデバイスにはカメラが見つかりませんでした。代わりにファイルを選べます。',
      cameraFailed: 'カメラを起動できませんでした。代わりにファイルを選べます。',
      crop: 'アバターを切り抜く',
      zoom: 'ズーム',
      ok: '決定',
    },
    public: {
      loading: 'プロフィールを読み込み中',
      notLoaded: 'このプロフィールを読み込めませんでした。もう一度お試しください。',
      onMofu: (handle: string) => `Mofuの${handle}さん`,
    },
  },
}
