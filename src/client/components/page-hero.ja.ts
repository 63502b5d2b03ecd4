import type { Translation } from '@client/lib/i18n/i18n'
import type { COMING_SOON } from './page-hero'

/** The Japanese of COMING_SOON (docs/architecture.md "Languages"), beside its English. */
export const COMING_SOON_JA: Translation<typeof COMING_SOON> = { badge: 'もうすぐ' }
