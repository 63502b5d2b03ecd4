import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PREFERENCE_NAMES, PREFERENCES } from '@shared/preferences'
import { wrongSpaces } from '../../../tests/support/japanese-spacing'
import { EN } from './i18n-en'
import { JA } from './i18n-ja'

/**
 * The Japanese catalogue beside the English ones. That every key is there is the typecheck's
 * job; this checks what types cannot: each Japanese text is there, is not the English left
 * untranslated, and has no English words in it but names and what a user types or reads as is.
 */

/** Latin-letter words a Japanese screen may show: names, brands, and stored names and values. */
const ALLOWED_WORDS = new Set([
  ...['Mofu', 'SeeME', 'SakuraMap', 'Orbitron', 'English', 'Google', 'mochi'],
  ...['ID', 'IP', 'Cookie', 'https', 'SameSite', 'Lax', 'HttpOnly', 'Secure'],
  ...['darkMode', 'lang', 'mofu_device', 'true', 'false', 'free', '_ga', 'id', 'D'],
  // The values each preference is stored as, named on the cookies page.
  ...PREFERENCE_NAMES.flatMap((name) => {
    const preference = PREFERENCES[name]
    return 'values' in preference ? preference.values : []
  }),
  // The attribute a page links back with, typed as is: rel="me".
  ...['rel', 'me'],
  // Products a user knows by these names, and what a file or an example is called.
  ...['QR', 'Aegis', 'Authenticator', 'Password', 'Pixel', 'txt'],
  // Keys on the keyboard, and the kinds of anime as Japanese writes them.
  ...['Enter', 'Escape', 'TV', 'Web', 'OVA'],
  // The site a list is imported from, and the kinds of file it and the board's download are.
  ...['MyAnimeList', 'xml', 'gz', 'MB', 'CSV'],
])
/** Names read whole, as 'data' alone would let an untranslated word through. */
const WHOLE_NAMES = [
  // The open data set the anime catalog comes from, credited by its name.
  'bangumi-data',
]
/** Texts that are the same in both languages: names. */
const SAME_IN_BOTH = new Set([
  ...['Orbitron', 'SeeME', 'SakuraMap', '日本語', 'English', 'ID'],
  ...['TV', 'Web', 'OVA'],
])

/** What rich text gets to draw with: plain text, so only the words remain. */
const rich = { link: (_to: string, text: string) => text, key: (name: string) => name }
const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    {title} {children}
  </section>
)
/** The arguments a catalogue function is called with: most take the rich-text tools. */
const ARGUMENTS: Record<string, unknown[]> = {
  'notFound.text': ['/…'],
  'boardFiles.added': [3],
  'boardFiles.already': [3],
  'boardFiles.unmatchedTitle': [3],
  'boardFiles.unmatchedItem': ['…', '5114'],
  'articles.missing': ['“…”'],
  'animeOp.requested': ['“…”'],
  'home.count': [3, String],
  'account.sessions.device': ['…', '…'],
  'account.sessions.seen': ['…', '…'],
  'account.sessions.endOf': ['…'],
  'account.passkeys.added': ['…'],
  'account.passkeys.removeLabel': ['…'],
  'account.passkeys.removeQuestion': ['…'],
  'account.activity.notMeLabel': ['…', '…'],
  'account.activity.times': [3],
  'account.reset.recoveredEmail': ['…'],
  'account.reset.recoveredHandle': ['…'],
  'account.reset.givesBack': ['…'],
  'account.reset.keepPasskey': ['…'],
  'account.reset.keepBackupCodes': [3],
  'account.reset.added': ['…', '…'],
  'account.reset.addedAt': ['…'],
  'account.reset.recoveredPasskey': ['…'],
  'profile.editor.freeIds': ['…'],
  'profile.editor.use': ['…'],
  'profile.public.onMofu': ['…'],
  'profile.editor.characterCount': [12, 300],
  'profile.editor.link': [1],
  'profile.editor.removeLink': [1],
  'profile.card.checked': [1, 2],
  'profile.card.pinsOf': ['1', '2'],
  'profile.card.howTo': ['…'],
  'privacy.fields': ['…'],
  'privacy.preferencesKept': ['…'],
  'cookies.days': [3],
  'cookies.minutes': [3],
  'cookies.storage': ['…'],
  'cookies.securePrefix': [rich, '…', '…'],
  'anime.search.count': [3, '…'],
  'anime.heart.add': ['…'],
  'anime.heart.remove': ['…'],
  'anime.board.removed': ['…'],
  'board.folder.renameLabel': ['…'],
  'board.folder.deleteQuestion': ['…'],
  'board.folder.moveUp': ['…'],
  'board.folder.moveDown': ['…'],
  'board.folder.drag': ['…'],
  'board.card.drag': ['…'],
  'board.card.select': ['…'],
  'board.card.remove': ['…'],
  'board.card.statusLabel': ['…'],
  'board.card.noteLabel': ['…'],
  'board.removed': ['…'],
  'board.dnd.picked': ['…'],
  'board.dnd.notOver': ['…'],
  'board.dnd.droppedNowhere': ['…'],
  'board.dnd.cancelled': ['…'],
  'board.dnd.folderPlace': ['…'],
  'board.count': [3],
  'board.select.count': [3],
  'board.removedMany': [3],
  'board.card.noteCount': [12, 500],
  'allowanceMeter.used': ['3', '5'],
  'allowanceMeter.usedUntil': ['3', '5', '…'],
  'premium.pins': ['5'],
  'premium.folders': ['5'],
  'premium.publicFolders': ['5'],
  'premium.onPlan': ['…'],
  'premium.onPlanUntil': ['…', '…'],
  'board.filters.shown': [2, 3],
  'board.seasonYear': ['春', '2024'],
  'board.dnd.over': ['…', '…'],
  'board.dnd.dropped': ['…', '…'],
  'anime.seasonOfYear': ['春', 2026],
  'anime.day': [2026, '4月', 1],
  'anime.title.weekly': ['土曜', '00:00'],
  'anime.title.daily': ['00:00'],
  'anime.title.once': ['…', '00:00'],
  'anime.title.yourTime': ['…'],
  'anime.title.likes': [3, String],
  'anime.title.kindOf': ['TV', '…'],
  'boardWeek.zone': ['…'],
  'boardWeek.showAll': [12],
  'boardWeek.feed.onSince': ['…'],
  'board.folder.publicLabel': ['…'],
  'board.folder.publicPageLabel': ['…'],
  'board.pins.meter': ['3', '5'],
  'board.pins.meterMore': ['3', '5', '…'],
  'board.pins.pinLabel': ['…'],
  'board.pins.unpinLabel': ['…'],
  'board.pins.earlier': ['…'],
  'board.pins.later': ['…'],
  'profile.folders.count': [3],
  'profile.folders.by': ['…'],
  'profile.folders.more': [3, 5],
  'profile.folders.allFolders': ['…'],
}
const DEFAULT_ARGUMENTS = [rich, Section, ' ']

function text(value: unknown, path: string): string {
  if (typeof value === 'string') return value
  if (typeof value !== 'function') throw new Error(`${path} is neither text nor a function`)
  const result: unknown = value(...(ARGUMENTS[path] ?? DEFAULT_ARGUMENTS))
  if (typeof result === 'string') return result
  return renderToStaticMarkup(<>{result as ReactNode}</>)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
}

/**
 * The text as it reads, each element's text on a line of its own: the space `text` puts for a
 * tag, and the one between a section's title and body, are the test's, not the catalogue's.
 */
function linesOf(value: unknown, path: string): string {
  if (typeof value !== 'function') return text(value, path)
  const Block = ({ title, children }: { title: string; children: ReactNode }) => (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  )
  const result: unknown = value(...(ARGUMENTS[path] ?? [rich, Block, '…']))
  if (typeof result === 'string') return result
  return renderToStaticMarkup(<>{result as ReactNode}</>).replace(/<[^>]+>/g, '\n')
}

/** Every text of a catalogue, by its path ('home.moods.cup.title'). */
function leaves(catalogue: unknown, path: string): [string, unknown][] {
  if (typeof catalogue === 'object' && catalogue !== null) {
    return Object.entries(catalogue).flatMap(([key, value]) => leaves(value, `${path}.${key}`))
  }
  return [[path, catalogue]]
}

const english = Object.entries(EN).flatMap(([name, catalogue]) => leaves(catalogue, name))
const japanese = new Map(
  Object.entries(JA)
    .filter(([name]) => name !== 'messages')
    .flatMap(([name, catalogue]) => leaves(catalogue, name)),
)

describe('the Japanese catalogue', () => {
  it('has every text English has, and no other', () => {
    expect([...japanese.keys()].sort()).toEqual(english.map(([path]) => path).sort())
  })

  it.each(english)('%s is written in Japanese', (path, value) => {
    const en = text(value, path).trim()
    const ja = text(japanese.get(path), path).trim()
    expect(ja).not.toBe('')
    if (!SAME_IN_BOTH.has(en)) expect(ja).not.toBe(en)
    const unnamed = WHOLE_NAMES.reduce((left, name) => left.replaceAll(name, ' '), ja)
    const latin = unnamed.match(/[A-Za-z_][A-Za-z_]*/g) ?? []
    expect(latin.filter((word) => !ALLOWED_WORDS.has(word))).toEqual([])
  })

  it.each([...japanese])(
    '%s puts no space between Japanese words or after a number',
    (path, value) => {
      expect(wrongSpaces(linesOf(value, path))).toEqual([])
    },
  )

  it('keeps the brand names among the page labels', () => {
    expect(JA.labels.SeeME).toBe('SeeME')
    expect(JA.labels.SakuraMap).toBe('SakuraMap')
  })
})
