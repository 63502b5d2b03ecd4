import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import SQLite from 'better-sqlite3'
import * as tar from 'tar'
import { z } from 'zod'
import type { Config } from '../config'
import { CommandError, parseInput, type Command } from './command'

/**
 * One archive (tar.gz) of what a single machine keeps: the SQLite database, copied with SQLite's
 * online backup while servers keep writing, and the local avatar folder. PostgreSQL and S3 have
 * their own tools; for them the command says which instead of saving half.
 */

const DATABASE_ENTRY = 'mofu.db'
const STORAGE_ENTRY = 'storage'
/** Files a local-storage writer has not renamed into place yet (storage/local-storage.ts). */
const UNFINISHED = /^\..+\.tmp$/

const FileSchema = z.string().min(1, { message: 'expected an archive file name' })

function notForThisSetup(config: Config): string | null {
  const ways: string[] = []
  if (config.database.kind === 'postgres') {
    ways.push(
      'The database is PostgreSQL: back it up with pg_dump -Fc "$DATABASE_URL" > mofu.dump and restore it with pg_restore -d "$DATABASE_URL" mofu.dump.',
    )
  }
  if (config.storage.kind === 's3') {
    ways.push(
      'Avatars are in S3: turn on versioning for the bucket, or copy it with aws s3 sync s3://BUCKET/PREFIX ./avatars.',
    )
  }
  return ways.length === 0 ? null : `${ways.join('\n')}\nNothing was written.`
}

function sqliteFile(config: Config): string {
  if (config.database.kind !== 'sqlite') throw new Error('not SQLite')
  return config.database.file
}

/** A new file, mode 0600 whatever the umask; refused when anything is there, a link too. */
function openNew(target: string): number {
  try {
    return fs.openSync(target, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new CommandError(`${target} exists already.`)
    }
    throw error
  }
}

function withStage<T>(work: (stage: string) => Promise<T>): Promise<T> {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-backup-'))
  return work(stage).finally(() => fs.rmSync(stage, { recursive: true, force: true }))
}

/**
 * Why an archive entry has no place in a restore, or null: only plain files and folders, under
 * the database's or the stored files' own name. A link (symbolic or hard), a device, an absolute
 * path or one with `..` could write, or later serve, a file outside the data folder.
 */
function strayEntry(entry: tar.ReadEntry): string | null {
  const parts = entry.path.split(/[/\\]/)
  if (path.isAbsolute(entry.path) || /^[a-z]:/i.test(entry.path) || parts.includes('..')) {
    return `"${entry.path}" points outside the data folder`
  }
  if (entry.type !== 'File' && entry.type !== 'Directory') {
    return `"${entry.path}" is a ${entry.type}, not a file`
  }
  if (entry.path !== DATABASE_ENTRY && parts[0] !== STORAGE_ENTRY) {
    return `"${entry.path}" is neither the database nor a stored file`
  }
  return null
}

const countFiles = (dir: string) =>
  fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0

export const backupCommands: Command[] = [
  {
    name: ['backup'],
    args: '<file>',
    summary: 'Writes the SQLite database and the avatar folder into one archive (tar.gz).',
    details: [
      'Safe while servers run: the database is copied with SQLite online backup, then the avatars.',
      'For PostgreSQL or S3 it says which tool to use instead and writes nothing.',
    ],
    positionals: 1,
    async run(context, [input]) {
      const target = path.resolve(parseInput(FileSchema, input))
      const how = notForThisSetup(context.config)
      if (how !== null) throw new CommandError(how)

      const storageDir = context.config.storage.kind === 'local' ? context.config.storage.dir : ''
      const avatars = await withStage(async (stage) => {
        const source = new SQLite(sqliteFile(context.config), { fileMustExist: true })
        try {
          await source.backup(path.join(stage, DATABASE_ENTRY))
        } finally {
          source.close()
        }
        const entries = [DATABASE_ENTRY]
        if (fs.existsSync(storageDir)) {
          fs.cpSync(storageDir, path.join(stage, STORAGE_ENTRY), {
            recursive: true,
            filter: (file) => !UNFINISHED.test(path.basename(file)),
          })
          entries.push(STORAGE_ENTRY)
        }
        // It holds the auth secret and session tokens: readable by its owner alone from its
        // first byte, and never written through a link or over a file already there.
        const written = openNew(target)
        await pipeline(
          tar.c({ gzip: true, cwd: stage, portable: true }, entries),
          fs.createWriteStream(target, { fd: written }),
        )
        return countFiles(path.join(stage, STORAGE_ENTRY))
      })
      context.print(`Backed up the database and ${avatars} stored file(s) to ${target}.`, {
        file: target,
        storedFiles: avatars,
      })
    },
  },
  {
    name: ['restore'],
    args: '<file>',
    summary: 'Restores an archive of `mofu backup` into an empty DATA_DIR.',
    details: ['Refuses when a database or stored files are there already; start the server after.'],
    positionals: 1,
    async run(context, [input]) {
      const source = path.resolve(parseInput(FileSchema, input))
      const how = notForThisSetup(context.config)
      if (how !== null) throw new CommandError(how)
      if (!fs.existsSync(source)) throw new CommandError(`${source} does not exist.`)
      const databaseFile = sqliteFile(context.config)
      const storageDir = context.config.storage.kind === 'local' ? context.config.storage.dir : ''
      if (fs.existsSync(databaseFile) || countFiles(storageDir) > 0) {
        throw new CommandError(
          `Not empty: ${databaseFile} or ${storageDir} holds data. Restore into an empty DATA_DIR.`,
        )
      }
      const strays: string[] = []
      await tar.t({
        file: source,
        onReadEntry: (entry) => {
          const stray = strayEntry(entry)
          if (stray !== null) strays.push(stray)
        },
      })
      if (strays.length > 0) {
        throw new CommandError(
          `${source} is not a Mofu backup: ${strays.join('; ')}. Nothing was restored.`,
        )
      }
      const restored = await withStage(async (stage) => {
        await tar.x({
          file: source,
          cwd: stage,
          strict: true,
          filter: (_path, entry) => 'type' in entry && strayEntry(entry) === null,
        })
        const database = path.join(stage, DATABASE_ENTRY)
        if (!fs.existsSync(database)) throw new CommandError(`${source} is not a Mofu backup.`)
        const check = new SQLite(database, { readonly: true })
        const integrity = check.pragma('integrity_check', { simple: true })
        check.close()
        if (integrity !== 'ok') throw new CommandError(`The database in ${source} is damaged.`)
        fs.mkdirSync(path.dirname(databaseFile), { recursive: true, mode: 0o700 })
        fs.copyFileSync(database, databaseFile, fs.constants.COPYFILE_EXCL)
        fs.chmodSync(databaseFile, 0o600)
        const stored = path.join(stage, STORAGE_ENTRY)
        if (fs.existsSync(stored)) fs.cpSync(stored, storageDir, { recursive: true })
        return countFiles(stored)
      })
      context.print(`Restored the database and ${restored} stored file(s) from ${source}.`, {
        file: source,
        storedFiles: restored,
      })
    },
  },
]
