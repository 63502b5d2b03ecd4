import type { Translation } from '@client/lib/i18n/i18n'
import type { BOARD_WEEK } from './week-strings'

/** The Japanese of BOARD_WEEK (docs/architecture.md "Languages"), beside its English. */
export const BOARD_WEEK_JA: Translation<typeof BOARD_WEEK> = {
  title: '今週の放送',
  intro:
    'お気に入りの作品の、これから7日間の新しいエピソードです。時刻はあなたのタイムゾーンで表示します。',
  loading: '今週のエピソードを読み込んでいます…',
  failed: '今週のエピソードを読み込めませんでした。',
  none: 'これから7日間に放送されるお気に入りはありません。放送中の作品にハートを付けると、ここにエピソードが表示されます。',
  today: '今日',
  zone: (zone: string) => `時刻は${zone}のものです。`,
  watch: '配信',
  showAll: (count: number) => `この日の${count}件をすべて表示`,
  showFewer: '少なく表示',
  feed: {
    title: 'カレンダー配信',
    intro:
      'カレンダーアプリで購読すると、これから8週間のエピソードがカレンダーに表示されます。このアドレスは非公開です。知っている人は誰でも、あなたのお気に入りを読めます。',
    off: 'カレンダー配信はオフです。',
    onSince: (date: string) => `カレンダー配信はオンです（アドレスの発行日：${date}）。`,
    turnOn: 'カレンダー配信をオンにする',
    renew: '新しいアドレスを発行',
    renewHint: '古いアドレスはすぐに使えなくなります。',
    turnOff: 'カレンダー配信をオフにする',
    addressLabel: 'カレンダー配信のアドレス',
    shownOnce:
      '今すぐコピーしてください。安全のため、表示するのはこの一度だけです。なくした場合は新しいアドレスを発行してください。',
    copy: 'アドレスをコピー',
    copied: 'アドレスをコピーしました。',
    madeOff: 'カレンダー配信をオフにしました。アドレスはもう使えません。',
  },
}
