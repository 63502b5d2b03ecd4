import fs from 'node:fs'
import path from 'node:path'
import { BangumiDataError } from '../catalog/bangumi-data'
import { catalogStore } from '../catalog/catalog-store'
import { CommandError, table, type Command } from './command'

/** bangumi-data's data.json is about 7 MB; far more than that is not one. */
const IMPORT_MAX_BYTES = 100 * 1024 * 1024

const catalogImport: Command = {
  name: ['catalog', 'import'],
  args: '<file>',
  summary: 'Loads a newer bangumi-data data.json into the anime catalog.',
  details: [
    'The file is checked whole first: a bad one changes nothing and the message says where it is wrong.',
    'Titles are updated by id and added; a title the file no longer has is kept, marked missing.',
    'Loading the file the catalog has already changes nothing.',
  ],
  positionals: 1,
  async run(context, [file = '']) {
    let bytes: Buffer
    try {
      if (fs.statSync(file).size > IMPORT_MAX_BYTES) {
        throw new CommandError(`${file}: larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB`)
      }
      bytes = fs.readFileSync(file)
    } catch (error) {
      if (error instanceof CommandError) throw error
      throw new CommandError(`${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`)
    }
    const { database } = await context.services()
    const catalog = catalogStore(database)
    let outcome
    try {
      outcome = await catalog.load({ source: 'import', version: path.basename(file), bytes })
    } catch (error) {
      if (error instanceof BangumiDataError) {
        throw new CommandError(`${file} is not bangumi-data; nothing changed. ${error.message}`)
      }
      throw error
    }
    if (outcome.status === 'busy') {
      throw new CommandError('Another instance is loading the catalog now; try again in a minute.')
    }
    const counts = await catalog.counts()
    context.print(
      outcome.status === 'unchanged'
        ? `The catalog has this file already: ${counts.titles} titles, nothing changed.`
        : `Loaded ${outcome.titles} titles; the catalog has ${counts.titles} (${counts.missing} kept though no longer in the data).`,
      { status: outcome.status, ...counts },
    )
  },
}

const catalogStatus: Command = {
  name: ['catalog', 'status'],
  args: '',
  summary: 'Says where the anime catalog came from, its version and its counts.',
  positionals: 0,
  async run(context) {
    const { database } = await context.services()
    const catalog = catalogStore(database)
    const state = await catalog.state()
    const counts = await catalog.counts()
    const status = {
      source: state?.source === '' ? null : (state?.source ?? null),
      version: state?.version === '' ? null : (state?.version ?? null),
      loadedAt: state?.loaded_at === '' ? null : (state?.loaded_at ?? null),
      hash: state?.hash === '' ? null : (state?.hash ?? null),
      ...counts,
    }
    context.print(
      table(
        ['', ''],
        [
          ['source', status.source ?? 'none loaded yet'],
          ['version', status.version ?? '-'],
          ['loaded', status.loadedAt ?? '-'],
          ['titles', String(counts.titles)],
          ['missing', String(counts.missing)],
          ['likes', String(counts.likes)],
        ],
      ),
      status,
    )
  },
}

export const catalogCommands: readonly Command[] = [catalogImport, catalogStatus]
