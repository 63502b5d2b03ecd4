import { ALLOWANCE_METER_JA } from '@client/components/allowance-meter.ja'
import type { Translation } from '@client/lib/i18n/i18n'
import { ACCOUNT_JA } from '@client/features/account/strings.ja'
import { ANIME_OP_JA } from '@client/features/content-pages/anime-op-page.ja'
import { ARTICLES_JA } from '@client/features/content-pages/articles-page.ja'
import { COMING_SOON_JA } from '@client/components/page-hero.ja'
import { COOKIES_JA } from '@client/features/content-pages/cookies-page.ja'
import { FORM_PARTS_JA } from '@client/components/form-parts.ja'
import { DIM25_JA } from '@client/features/content-pages/dim25-page.ja'
import { FAVORITES_JA } from '@client/features/anime/favorites-page.ja'
import { ANIME_JA } from '@client/features/anime/strings.ja'
import { BOARD_FILES_JA } from '@client/features/board/file-strings.ja'
import { BOARD_WEEK_JA } from '@client/features/board/week-strings.ja'
import { BOARD_JA } from '@client/features/board/strings.ja'
import { HOME_JA } from '@client/features/content-pages/home-page.ja'
import { MASTER_JA } from '@client/features/content-pages/master-page.ja'
import { NOT_FOUND_JA } from '@client/components/not-found-page.ja'
import { PREMIUM_JA } from '@client/features/content-pages/premium-page.ja'
import { PRIVACY_JA } from '@client/features/content-pages/privacy-page.ja'
import { PROFILE_JA } from '@client/features/profile/strings.ja'
import { SAKURAMAP_JA } from '@client/features/content-pages/sakuramap-page.ja'
import { SEEME_JA } from '@client/features/content-pages/seeme-page.ja'
import { SETTINGS_JA } from '@client/features/preferences/settings-page.ja'
import { SHELL_JA } from './shell/strings.ja'
import { SHOP_JA } from '@client/features/content-pages/shop-page.ja'
import { TERMS_JA } from '@client/features/content-pages/terms-page.ja'
import type { EN } from './i18n-en'
import { PAGE_LABELS_JA } from './pages.ja'

type English = typeof EN

/**
 * The shared messages' Japanese comes with the schemas they belong to (zod and all): loaded
 * beside this chunk, never in the way of a Japanese page's hydration. Messages are shown on
 * what a visitor does, long after it has arrived.
 */
let sharedJapanese: ((english: string) => string) | undefined
void import('@shared/messages-ja').then((module) => (sharedJapanese = module.sharedMessageJa))

/**
 * The Japanese of every catalogue (docs/architecture.md "Languages"), gathered: each part keeps
 * its Japanese beside its English (`strings.ja.ts`, `<page>.ja.tsx`), and this module puts them
 * in one chunk, loaded only when Japanese is shown. Its type comes from the English catalogues,
 * so a key missing, or one English no longer has, fails the typecheck. Natural, polite UI
 * Japanese, not word for word; names and brand words (Mofu, SeeME, SakuraMap, Orbitron) stay as
 * they are.
 */
export const JA: { readonly [Name in keyof English]: Translation<English[Name]> } & {
  readonly messages: (english: string) => string
} = {
  messages: (english) => sharedJapanese?.(english) ?? english,

  meta: { description: 'Mofu：ふわふわのマスコットがいる、くつろぎのアニメコーナー。' },

  labels: PAGE_LABELS_JA,

  shell: SHELL_JA,
  comingSoon: COMING_SOON_JA,
  allowanceMeter: ALLOWANCE_METER_JA,
  notFound: NOT_FOUND_JA,
  formParts: FORM_PARTS_JA,
  home: HOME_JA,
  favorites: FAVORITES_JA,
  anime: ANIME_JA,
  boardFiles: BOARD_FILES_JA,
  boardWeek: BOARD_WEEK_JA,
  board: BOARD_JA,
  seeme: SEEME_JA,
  sakuramap: SAKURAMAP_JA,
  shop: SHOP_JA,
  premium: PREMIUM_JA,
  settings: SETTINGS_JA,
  master: MASTER_JA,
  privacy: PRIVACY_JA,
  terms: TERMS_JA,
  cookies: COOKIES_JA,

  dim25: DIM25_JA,

  articles: ARTICLES_JA,
  animeOp: ANIME_OP_JA,

  panel: { close: 'アカウントパネルを閉じる', loading: 'アカウントを読み込み中' },

  account: ACCOUNT_JA,
  profile: PROFILE_JA,
}
