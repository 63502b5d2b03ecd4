import type { Translation } from '@client/lib/i18n/i18n'
import type { PAGE_LABELS } from './pages'

/**
 * The Japanese of PAGE_LABELS (docs/architecture.md "Languages"), by their English: the page
 * titles, sidebar and footer links. The brand names stay as they are.
 */
export const PAGE_LABELS_JA: Translation<typeof PAGE_LABELS> = {
  Home: 'ホーム',
  Like: 'お気に入り',
  SeeME: 'SeeME',
  SakuraMap: 'SakuraMap',
  Shop: 'ショップ',
  Premium: 'プレミアム',
  Support: 'サポート',
  Account: 'アカウント',
  Settings: '設定',
  Creator: 'クリエイター',
  'About Us': 'Mofuについて',
  Privacy: 'プライバシー',
  Terms: '利用規約',
  Cookies: 'Cookie',
  '2.5D': '2.5次元',
  Articles: 'よみもの',
  Anime: 'アニメ',
  Opening: 'オープニング',
  'Not found': 'ページが見つかりません',
}
