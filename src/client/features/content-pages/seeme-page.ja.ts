import type { Translation } from '@client/lib/i18n/i18n'
import type { SEEME } from './seeme-page'

/** The Japanese of SEEME (docs/architecture.md "Languages"), beside its English. */
export const SEEME_JA: Translation<typeof SEEME> = {
  chat: ['春アニメを見返してる人いる？', 'もちろん！✿', 'じゃあ、お茶と第1話からね'],
  tagline:
    'ファンが集まって、あいさつしたり、いま見ている作品を語り合ったりする小さなチャットコーナーです。',
  soonTitle: 'チャットルームはまだ飾りつけ中です',
  soon: [
    'クッションをふくらませて、お湯を沸かしているところです。SeeMEが開いたら、気軽に立ち寄って、誰がいるかを見たり、好きな作品について話したりできます。',
    'それまで、Mofuがあなたの席を温めておきます。',
  ],
  rulesTitle: 'ハウスルール（先にお知らせ）',
  rules: [
    'やさしくしましょう。ここにいる誰もが、誰かの大切な人です。',
    '今週放送のエピソードのネタバレは隠しましょう。',
    'くつろげる場所に：スパム、大声、他人の個人情報の共有はやめましょう。',
  ],
}
