import type { Translation } from '@client/lib/i18n/i18n'
import type { FAVORITES } from './favorites-page'

/** The Japanese of FAVORITES (docs/architecture.md "Languages"), beside its English. */
export const FAVORITES_JA: Translation<typeof FAVORITES> = {
  title: 'お気に入り',
  tagline: 'Mofuでハートをつけたものを、ひとつのくつろげる場所に集めます。',
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
}
