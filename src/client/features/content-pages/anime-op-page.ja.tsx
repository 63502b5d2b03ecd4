import type { ReactNode } from 'react'
import type { Translation } from '@client/lib/i18n/i18n'
import type { ANIME_OP } from './anime-op-page'

/** The Japanese of ANIME_OP (docs/architecture.md "Languages"), beside its English. */
export const ANIME_OP_JA: Translation<typeof ANIME_OP> = {
  back: 'ホームへ戻る',
  title: 'オープニングプレーヤー',
  tagline: 'ファンに愛されるオープニング曲とタイトル映像を、ゆったり楽しみましょう。',
  comingSoon: 'もうすぐ',
  waiting: '映写機を温めているあいだに、Mofuは待ちくたびれてうとうとしています。',
  requested: (name: ReactNode): ReactNode => (
    <>リクエストされたオープニング{name}は、プレーヤーの準備ができしだい、ここで再生されます。</>
  ),
}
