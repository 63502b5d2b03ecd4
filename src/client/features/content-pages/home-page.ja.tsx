import type { ReactNode } from 'react'
import type { Translation } from '@client/lib/i18n/i18n'
import type { HOME } from './home-page'

/** The Japanese of HOME (docs/architecture.md "Languages"), beside its English. */
export const HOME_JA: Translation<typeof HOME> = {
  title: 'Mofuへようこそ',
  tagline: '思わず笑顔になる小さな瞬間を集める、くつろぎのアニメコーナーです。',
  welcome: (): ReactNode => (
    <>ゆっくり見て回るのも、まずは桜の下をお散歩するのも、お好きなように。</>
  ),
  openMap: 'SakuraMapを開く',
  about: 'Mofuについて',
  today: '今日のMofu',
  todayLine: '思い浮かべたくなる小さなひととき。テーマを選ぶか、ぜんぶ眺めてみてください。',
  count: (count: number, format: (n: number) => string) => `${format(count)}件`,
  filterGroup: 'テーマで絞り込む',
  filters: { all: 'すべて', cosy: 'ほっこり', adventure: '冒険', night: '夜空' },
  moods: {
    lantern: {
      title: 'ちょうちん散歩',
      line: '川を流れていく紙ちょうちん。最後の橋まで、ついて行ってみましょう。',
    },
    cup: {
      title: '雨の日のカフェ',
      line: '窓ぎわの席に温かいミルクティー。雨音がゆっくりと小さな歌を刻みます。',
    },
    tangerine: {
      title: 'こたつの午後',
      line: 'みかんと、ふとんをかけたテーブル。どこにも行かなくていい時間です。',
    },
    sunrise: {
      title: '日の出の山頂',
      line: '夜明け前に登って、足もとの雲が桃色に染まるのを眺めましょう。',
    },
    shootingStar: {
      title: '流れ星ピクニック',
      line: '屋上と、ココアの入った水筒。流れ星ひとつに、願いごとをひとつ。',
    },
    key: {
      title: 'ツタの向こうの門',
      line: '春にだけ開く、古い庭の扉。ちょっとのぞいてみませんか？',
    },
    shell: {
      title: 'シーグラス探し',
      line: '引き潮の浜を裸足で歩いて、ポケットを小さな緑の宝物でいっぱいに。',
    },
    dango: {
      title: 'お月見だんご',
      line: '秋いちばんのまんまるな月の下、甘いおだんごを高く積み上げて。',
    },
  },
}
