import type { Translation } from '@client/lib/i18n/i18n'
import type { SHELL } from './strings'

/** The Japanese of SHELL (docs/architecture.md "Languages"), beside its English. */
export const SHELL_JA: Translation<typeof SHELL> = {
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
}
