import { ALLOWANCE_METER } from '@client/components/allowance-meter'
import { FORM_PARTS } from '@client/components/form-parts'
import { COMING_SOON } from '@client/components/page-hero'
import { NOT_FOUND } from '@client/components/not-found-page'
import { ANIME_OP } from '@client/features/content-pages/anime-op-page'
import { ARTICLES } from '@client/features/content-pages/articles-page'
import { COOKIES } from '@client/features/content-pages/cookies-page'
import { DIM25 } from '@client/features/content-pages/dim25-page'
import { FAVORITES } from '@client/features/anime/favorites-page'
import { ANIME } from '@client/features/anime/strings'
import { BOARD_FILES } from '@client/features/board/file-strings'
import { BOARD_WEEK } from '@client/features/board/week-strings'
import { BOARD } from '@client/features/board/strings'
import { HOME } from '@client/features/content-pages/home-page'
import { MASTER } from '@client/features/content-pages/master-page'
import { PREMIUM } from '@client/features/content-pages/premium-page'
import { PRIVACY } from '@client/features/content-pages/privacy-page'
import { SAKURAMAP } from '@client/features/content-pages/sakuramap-page'
import { SEEME } from '@client/features/content-pages/seeme-page'
import { SHOP } from '@client/features/content-pages/shop-page'
import { TERMS } from '@client/features/content-pages/terms-page'
import { ACCOUNT } from '@client/features/account/strings'
import { PROFILE } from '@client/features/profile/strings'
import { SETTINGS } from '@client/features/preferences/settings-page'
import { PANEL } from './account/account-panel'
import { META } from './meta'
import { PAGE_LABELS } from './pages'
import { SHELL } from './shell/strings'

/**
 * Every English catalogue by its name (docs/architecture.md "Languages"): the name each part passes to
 * useStrings, and the shape each part's Japanese beside it must translate. Only the build (prerender), the
 * typecheck and the catalogue test read this module; the browser's bundle never imports it, so
 * each catalogue stays in the chunk of the part that shows it. The messages shared with the
 * server have none: they are their own English, and src/shared/messages-ja.ts translates them.
 */
export const EN = {
  meta: META,
  labels: PAGE_LABELS,
  shell: SHELL,
  comingSoon: COMING_SOON,
  allowanceMeter: ALLOWANCE_METER,
  notFound: NOT_FOUND,
  formParts: FORM_PARTS,
  home: HOME,
  favorites: FAVORITES,
  anime: ANIME,
  boardFiles: BOARD_FILES,
  boardWeek: BOARD_WEEK,
  board: BOARD,
  seeme: SEEME,
  sakuramap: SAKURAMAP,
  shop: SHOP,
  premium: PREMIUM,
  settings: SETTINGS,
  master: MASTER,
  privacy: PRIVACY,
  terms: TERMS,
  cookies: COOKIES,
  dim25: DIM25,
  articles: ARTICLES,
  animeOp: ANIME_OP,
  panel: PANEL,
  account: ACCOUNT,
  profile: PROFILE,
}
