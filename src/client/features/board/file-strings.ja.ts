import type { Translation } from '@client/lib/i18n/i18n'
import type { BOARD_FILES } from './file-strings'

/** The Japanese of BOARD_FILES (docs/architecture.md "Languages"), beside its English. */
export const BOARD_FILES_JA: Translation<typeof BOARD_FILES> = {
  title: 'インポートとエクスポート',
  importTitle: 'MyAnimeListから取り込む',
  importHint:
    'MyAnimeListのエクスポート機能でアニメリストを書き出し、受け取ったファイルをここで選んでください。.xml.gzのままでも、中の.xmlでもかまいません（10MBまで）。タイトルは未分類に入ります。',
  choose: 'MyAnimeListのエクスポートファイルを選ぶ',
  uploading: 'リストを送信中',
  reading: 'リストを読み込み中…',
  added: (count: number) => `${count}件のタイトルをボードに追加しました。`,
  already: (count: number) => `${count}件はすでにボードにあったため、そのままにしています。`,
  unmatchedTitle: (count: number) => `次の${count}件はまだMofuのカタログにありません。`,
  unmatchedItem: (title: string, malId: string) => `${title}（MyAnimeList #${malId}）`,
  untitled: '無題',
  download: 'CSVでダウンロード',
  downloadHint: 'フォルダ、タイトル、ステータス、メモを表計算ソフトで開けるファイルにします。',
}
