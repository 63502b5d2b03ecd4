import type { Translation } from '@client/lib/i18n/i18n'
import type { FORM_PARTS } from './form-parts'

/** The Japanese of FORM_PARTS (docs/architecture.md "Languages"), beside its English. */
export const FORM_PARTS_JA: Translation<typeof FORM_PARTS> = {
  or: 'または',
  currentPassword: '現在のパスワード',
  code: {
    app: '6桁のコード',
    backup: 'バックアップコード',
    either: '認証アプリのコード、またはバックアップコード',
  },
}
