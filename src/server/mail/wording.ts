import type { Language } from '../../shared/language'
import { EN, EN_PARTS } from './wording-en'
import { JA, JA_PARTS } from './wording-ja'
import type { MailParts, MailWording } from './wording-types'

export const MAIL_WORDING: Readonly<Record<Language, MailWording>> = { en: EN, ja: JA }
export const MAIL_PARTS: Readonly<Record<Language, MailParts>> = { en: EN_PARTS, ja: JA_PARTS }
