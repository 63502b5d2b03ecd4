/** The board's file words: the MyAnimeList import and the CSV (docs/architecture.md "Languages"). */
export const BOARD_FILES = {
  title: 'Import and export',
  importTitle: 'Import from MyAnimeList',
  importHint:
    'On MyAnimeList, open Export Lists and export your anime list, then choose the file it gave you here: the .xml.gz as it came, or the .xml inside it (up to 10 MB). The titles land in Unsorted.',
  choose: 'Choose your MyAnimeList export',
  uploading: 'Sending your list',
  reading: 'Reading your list…',
  added: (count: number) =>
    count === 1 ? 'Added 1 title to your board.' : `Added ${count} titles to your board.`,
  already: (count: number) =>
    count === 1
      ? '1 title was on your board already and stays as you left it.'
      : `${count} titles were on your board already and stay as you left them.`,
  unmatchedTitle: (count: number) =>
    count === 1
      ? "1 title is not in Mofu's catalog yet:"
      : `${count} titles are not in Mofu's catalog yet:`,
  unmatchedItem: (title: string, malId: string) => `${title} (MyAnimeList #${malId})`,
  untitled: 'Untitled',
  download: 'Download as CSV',
  downloadHint: 'Your board as a spreadsheet: folders, titles, statuses and notes.',
}
