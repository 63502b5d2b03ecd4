import type { ReactNode } from 'react'
import type { RichText } from '@client/components/page-section'
import type { Translation } from '@client/lib/i18n/i18n'
import type { PREMIUM } from './premium-page'

/** The Japanese of PREMIUM (docs/architecture.md "Languages"), beside its English. */
export const PREMIUM_JA: Translation<typeof PREMIUM> = {
  title: 'プレミアム',
  tagline: 'お気に入りのサイトを応援して、このくつろぎの場所をみんなのために開いておきましょう。',
  whyTitle: 'プレミアムがある理由',
  why: 'Mofuはセルフホスト型のオープンソースソフトウェアです。このサイトは、このMofuを運営している人（運営者）が運営しており、プレミアムは運営にかかる費用を応援するための仕組みです。いま無料のものは、これからも無料です。',
  reasons: {
    house: {
      title: '明かりを灯し続けるために',
      text: 'サーバー、アバターの保存場所、メールアドレス確認のためのメールには、毎月少しずつ費用がかかります。',
    },
    blossom: {
      title: '広告のないMofuのために',
      text: '広告の代わりに応援していただくことで、桜のあいだに広告バナーが生えてくることはありません。',
    },
    sprout: {
      title: 'Mofuが育つために',
      text: '新しいセクションや新しいイラスト、そして今あるものを大切にする時間に使います。',
    },
  },
  soonTitle: 'プレミアムプランはまだ始まっていません',
  soon: 'いまはすべてのアカウントが無料プランで、お支払いは一切ありません。プレミアムが始まるときは、何かを決める前に、費用と内容をこのページで正確にお知らせします。',
  thanks: ({ link }: RichText): ReactNode => (
    <>
      ありがとうございます。ここにいてくださるだけで、もう十分な応援です。このサイトを誰が運営しているか気になりますか？
      {link('/master', 'Mofuについて')}のページで、ぜひあいさつしてください。
    </>
  ),
}
