import type { ReactNode } from 'react'
import type { Translation } from '@client/lib/i18n/i18n'
import type { DIM25 } from './dim25-page'

/** The Japanese of DIM25 (docs/architecture.md "Languages"), beside its English. */
export const DIM25_JA: Translation<typeof DIM25> = {
  tagline: '2次元の夢が現実の世界へ。舞台、コスプレ、手作りの小道具。',
  whatTitle: '2.5次元とは？',
  what: (): ReactNode => (
    <>
      日本でいう「2.5次元」とは、描かれた世界と私たちの世界のあいだにある場所のことです。マンガやアニメが原作のミュージカル、コスプレ、実物大の小道具、そしてキャラクターをページの外へ連れ出すファンたち。
    </>
  ),
  craft:
    'このコーナーでは、衣装、ウィッグ、舞台セット、そして小さなひと針ひと針まで、ものづくりを応援します。',
  soonTitle: 'まだ幕は上がっていません',
  soon: 'Mofuはまだ舞台裏で、衣装にアイロンをかけたり、おじぎの練習をしたりしています。もうすぐここで、制作の裏話やコスプレのコツ、手作り小道具のギャラリーが見られるようになります。',
}
