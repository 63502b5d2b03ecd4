import type { ReactNode } from 'react'
import type { Translation } from '@client/lib/i18n/i18n'
import type { SAKURAMAP } from './sakuramap-page'

/** The Japanese of SAKURAMAP (docs/architecture.md "Languages"), beside its English. */
export const SAKURAMAP_JA: Translation<typeof SAKURAMAP> = {
  tagline: (): ReactNode => <>夜のお花見にぴったりの桜スポットを見つけましょう。</>,
  comingSoon: 'もうすぐ',
  sketch: '本物の地図はまだつぼみです。Mofuのお気に入りスポットをスケッチにしてみました：',
  legend: 'スケッチの桜スポット',
  spots: {
    pond: { name: '月明かりの池', note: '夜桜を楽しめる静かなベンチ' },
    moat: { name: '古城のお堀', note: '静かな水面に映る桜' },
    river: { name: '川沿いの遊歩道', note: '水辺に続く花びらのトンネル' },
    hill: { name: 'ちょうちんの丘', note: '石段と紙ちょうちん' },
  },
}
