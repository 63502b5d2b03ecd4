import type { Translation } from '@client/lib/i18n/i18n'
import type { SHOP } from './shop-page'

/** The Japanese of SHOP (docs/architecture.md "Languages"), beside its English. */
export const SHOP_JA: Translation<typeof SHOP> = {
  title: 'ショップ',
  tagline: 'ステッカーや壁紙、ちょっとしたごほうびで、あなたのMofuコーナーを自分らしく。',
  soonTitle: 'ショップはまだ準備中です',
  soon: 'Mofuが在庫を数えて、棚を磨いているところです。まだ何も販売しておらず、ショップが本当に開くまで、ここで支払い情報をお聞きすることはありません。',
  windowTitle: 'ウィンドウショッピング',
  window: '最初に並べる予定の棚を、少しだけお見せします。',
  shelves: {
    blossom: {
      title: 'ステッカーパック',
      text: 'いろいろな表情のMofu。チャットにも、ノートにも、ノートパソコンにも。',
    },
    picture: {
      title: '壁紙',
      text: '夜空と桜の小道。スマートフォンにもパソコンにも合うサイズで。',
    },
    pin: {
      title: '追加のピン',
      text: 'なくしたくない瞬間を、もっとたくさんピン留めできます。',
    },
  },
}
