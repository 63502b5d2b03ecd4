import type { Translation } from '@client/lib/i18n/i18n'
import type { FAVORITES } from './favorites-page'

/** The Japanese of FAVORITES (docs/architecture.md "Languages"), beside its English. */
export const FAVORITES_JA: Translation<typeof FAVORITES> = {
  title: 'お気に入り',
  tagline: 'Mofuでハートをつけたものを、ひとつのくつろげる場所に集めます。',
  howTitle: '使いかた',
  steps: {
    heart: {
      title: 'ハートをタップ',
      text: '上の検索でアニメを探して、ハートをつけましょう。',
    },
    pin: {
      title: 'いちばんをピン留め（もうすぐ）',
      text: 'ピン留めはもうすぐです。とくに大好きなものを、いつも上に置いておけます。',
    },
    basket: {
      title: 'いつでも戻ってこられます',
      text: 'お気に入りはすべて、ログインしたどの端末でもここで待っています。',
    },
  },
}
