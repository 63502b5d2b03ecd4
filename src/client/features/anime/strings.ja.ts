import type { Translation } from '@client/lib/i18n/i18n'
import type { ANIME } from './strings'

/** The Japanese of ANIME (docs/architecture.md "Languages"), beside its English. */
export const ANIME_JA: Translation<typeof ANIME> = {
  search: {
    label: 'アニメを検索',
    placeholder: '日本語または英語のタイトル',
    hint: 'タイトルを入力し、矢印キーで選んで Enter でハートをつけます。',
    results: '検索結果',
    count: (count: number, query: string) =>
      count === 0 ? `「${query}」に合うタイトルはありません。` : `${count}件`,
    failed: '検索に応答がありませんでした。少し待ってからもう一度お試しください。',
  },
  heart: {
    add: (title: string) => `${title}にハートをつける`,
    remove: (title: string) => `${title}のハートを外す`,
    signIn: 'お気に入りを残すにはログインしてください。ログインするとハートがつきます。',
    failed: 'ハートをつけられませんでした。もう一度お試しください。',
  },
  type: { tv: 'TV', web: 'Web', movie: '映画', ova: 'OVA' },
  board: {
    title: 'あなたのお気に入り',
    removed: (title: string) => `${title}を外しました。`,
    undo: '元に戻す',
  },
}
