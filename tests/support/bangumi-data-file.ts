/**
 * Small bangumi-data `data.json` files, shaped as the package ships them, for tests that load
 * the catalog without its 8,000 titles.
 */

export interface TestItem {
  title: string
  titleTranslate?: Record<string, string[]>
  type?: 'tv' | 'web' | 'movie' | 'ova'
  lang?: string
  officialSite?: string
  begin?: string
  end?: string
  broadcast?: string
  sites?: { site: string; id?: string; url?: string; begin?: string; broadcast?: string }[]
}

export const SITE_META = {
  bangumi: {
    title: 'Bangumi 番组计划',
    urlTemplate: 'https://bangumi.tv/subject/{{id}}',
    type: 'info',
  },
  mal: { title: 'MyAnimeList', urlTemplate: 'https://myanimelist.net/anime/{{id}}', type: 'info' },
  netflix: { title: 'Netflix', urlTemplate: 'https://www.netflix.com/title/{{id}}', type: 'onair' },
  dmhy: {
    title: '动漫花园',
    urlTemplate: 'https://share.dmhy.org/topics/list?keyword={{id}}',
    type: 'resource',
  },
}

/** An item as bangumi-data writes one, with what the test leaves out filled in. */
const item = (fields: TestItem) => ({
  titleTranslate: {},
  type: 'tv',
  lang: 'ja',
  officialSite: '',
  begin: '',
  broadcast: '',
  end: '',
  comment: '',
  sites: [],
  ...fields,
})

export const dataFile = (items: TestItem[], siteMeta: object = SITE_META): Buffer =>
  Buffer.from(JSON.stringify({ siteMeta, items: items.map(item) }))

export const FRIEREN: TestItem = {
  title: '葬送のフリーレン',
  titleTranslate: { 'zh-Hans': ['葬送的芙莉莲'], en: ["Frieren: Beyond Journey's End"] },
  officialSite: 'https://frieren-anime.jp/',
  begin: '2023-09-29T14:00:00.000Z',
  end: '2024-03-22T15:00:00.000Z',
  broadcast: 'R/2023-09-29T14:00:00.000Z/P7D',
  sites: [
    { site: 'bangumi', id: '400602' },
    { site: 'mal', id: '52991' },
    { site: 'netflix', id: '81726714', begin: '', broadcast: '' },
    { site: 'dmhy', id: '葬送のフリーレン' },
  ],
}

export const STEINS_GATE: TestItem = {
  title: 'シュタインズ・ゲート',
  titleTranslate: { 'zh-Hans': ['命运石之门'], en: ['Steins;Gate'] },
  begin: '2011-04-05T15:00:00.000Z',
  sites: [{ site: 'bangumi', id: '10380' }],
}

export const GATE: TestItem = {
  title: 'ゲート',
  begin: '2015-07-03T15:00:00.000Z',
  sites: [{ site: 'bangumi', id: '126173' }],
}

export const GATE_KEEPERS: TestItem = {
  title: 'ゲートキーパーズ',
  begin: '2000-04-03T15:00:00.000Z',
  sites: [{ site: 'bangumi', id: '1490' }],
}

export const SPY_FAMILY: TestItem = {
  title: 'ＳＰＹ×ＦＡＭＩＬＹ',
  titleTranslate: { 'zh-Hans': ['间谍过家家'] },
  begin: '2022-04-09T14:30:00.000Z',
  sites: [{ site: 'bangumi', id: '329906' }],
}

export const TEST_TITLES = [FRIEREN, STEINS_GATE, GATE, GATE_KEEPERS, SPY_FAMILY]
