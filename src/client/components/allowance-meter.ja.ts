import type { Translation } from '@client/lib/i18n/i18n'
import type { ALLOWANCE_METER } from './allowance-meter'

/** The Japanese of ALLOWANCE_METER (docs/architecture.md "Languages"), beside its English. */
export const ALLOWANCE_METER_JA: Translation<typeof ALLOWANCE_METER> = {
  used: (used, total) => `ピン${total}個のうち${used}個を使用済み`,
  usedUntil: (used, total, date) =>
    `ピン${total}個のうち${used}個を使用済み（${date}にまた使えます）`,
}
