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
  plansTitle: 'このサイトのプラン',
  plansIntro:
    'それぞれのプランの内容です。このサイトの運営者が設定しています。ピンの期間は、前の期間が終わったあとの最初のピンから30日間です。ピン留めを外しても、使ったピンは戻りません。',
  pins: (count) => `1期間にピン${count}個`,
  folders: (count) => `ボードのフォルダー${count}個`,
  publicFolders: (count) => `うち公開${count}個`,
  yours: 'あなたのプラン',
  loading: 'プランを読み込んでいます…',
  loadFailed: 'プランを読み込めませんでした。',
  retry: 'もう一度試す',
  mineTitle: 'あなたのプランとピン',
  onPlan: (plan) => `いまは${plan}プランです。`,
  onPlanUntil: (plan, date) =>
    `${date}まで${plan}プランです。そのあとは自動でフリープランに戻りますが、削除されるものはありません。上限を超えた分もそのまま残ります。`,
  howTitle: 'このサイトでプレミアムになるには',
  howLink: 'プレミアムを申し込む',
  howUnsaid:
    'このサイトでは、プレミアムになる方法がまだ案内されていません。各ページの下にある「お問い合わせ」から運営者にお尋ねください。',
  thanks: ({ link }: RichText): ReactNode => (
    <>
      ありがとうございます。ここにいてくださるだけで、もう十分な応援です。このサイトを誰が運営しているか気になりますか？
      {link('/master', 'Mofuについて')}のページで、ぜひあいさつしてください。
    </>
  ),
}
