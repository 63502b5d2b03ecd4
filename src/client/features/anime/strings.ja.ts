import type { Translation } from '@client/lib/i18n/i18n'
import type { ANIME } from './strings'

/** The Japanese of ANIME (docs/architecture.md "Languages"), beside its English. */
export const ANIME_JA: Translation<typeof ANIME> = {
  search: {
    label: 'アニメを検索',
    placeholder: '日本語または英語のタイトル',
    hint: 'タイトルを入力し、矢印キーで選んで Enter でハートをつけます。',
    results: '検索結果',
    count: (count: number, query: string) =>
      count === 0 ? `「${query}」に合うタイトルはありません。` : `${count}件`,
    failed: '検索に応答がありませんでした。少し待ってからもう一度お試しください。',
  },
  heart: {
    add: (title: string) => `${title}にハートをつける`,
    remove: (title: string) => `${title}のハートを外す`,
    signIn: 'お気に入りを残すにはログインしてください。ログインするとハートがつきます。',
    failed: 'ハートをつけられませんでした。もう一度お試しください。',
  },
  type: { tv: 'TV', web: 'Web', movie: '映画', ova: 'OVA' },
  board: {
    title: 'あなたのお気に入り',
    removed: (title: string) => `${title}を外しました。`,
    undo: '元に戻す',
  },
  season: { winter: '冬', spring: '春', summer: '夏', autumn: '秋' },
  seasonOfYear: (season: string, year: number) => `${year}年${season}`,
  languages: {
    ja: '日本語',
    en: '英語',
    'zh-Hans': '中国語（簡体字）',
    'zh-Hant': '中国語（繁体字）',
  },
  months: ['1月', '2月', '3月', '4月', '5月', '6月', '7月', '8月', '9月', '10月', '11月', '12月'],
  day: (year: number, month: string, day: number) => `${year}年${month}${day}日`,
  weekdays: ['日曜', '月曜', '火曜', '水曜', '木曜', '金曜', '土曜'],
  title: {
    loading: 'このタイトルを読み込み中…',
    notLoaded: 'このタイトルを読み込めませんでした。',
    tryAgain: 'もう一度',
    facts: 'このタイトルについて',
    otherTitles: 'ほかの言語のタイトル',
    type: '種類',
    season: 'シーズン',
    firstAired: { tv: '放送開始', web: '配信開始', movie: '公開日', ova: '発売日' },
    lastAired: '放送終了',
    broadcast: '放送時間',
    weekly: (weekday: string, time: string) => `毎週${weekday}${time}`,
    daily: (time: string) => `毎日${time}`,
    once: (day: string, time: string) => `${day}${time}`,
    japanTime: '日本時間',
    yourTime: (zone: string) => `あなたの時間（${zone}）`,
    links: 'リンク',
    official: '公式サイト',
    watch: '見られるところ',
    moreAbout: 'くわしい情報',
    likes: (count: number, format: (n: number) => string) =>
      count === 0
        ? 'このMofuではまだ誰もお気に入りにしていません。'
        : `このMofuで${format(count)}人がお気に入りにしています。`,
    kindOf: (type: string, season: string | null) =>
      season === null ? `${type}アニメ` : `${season}の${type}アニメ`,
    browse: 'シーズンごとにカタログを見る',
  },
  browse: {
    title: 'シーズン別アニメ',
    tagline: 'カタログのすべてのタイトルを、始まったシーズンごとに。気に入ったものにハートを。',
    filters: 'シーズンを選ぶ',
    year: '年',
    season: 'シーズン',
    wholeYear: '1年間すべて',
    type: '種類',
    allTypes: 'すべての種類',
    show: '表示',
    loading: 'タイトルを読み込み中…',
    failed: 'タイトルを読み込めませんでした。',
    tryAgain: 'もう一度',
    empty: 'この条件のタイトルはカタログにありません。',
    more: 'もっと見る',
    emptyCatalog: 'カタログにはまだタイトルがありません。サーバーの起動後まもなく読み込まれます。',
  },
  home: {
    title: 'アニメを探す',
    newest: 'カタログでいちばん新しいシーズン',
    all: 'すべてのシーズンを見る',
  },
}
