import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
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

function withStage<T>(work: (stage: string) => Promise<T>): Promise<T> {
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-backup-'))
  return work(stage).finally(() => fs.rmSync(stage, { recursive: true, force: true }))
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
      if (fs.existsSync(target)) throw new CommandError(`${target} exists already.`)
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
        await tar.c({ gzip: true, file: target, cwd: stage, portable: true }, entries)
        fs.chmodSync(target, 0o600)
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
      const restored = await withStage(async (stage) => {
        await tar.x({ file: source, cwd: stage, strict: true })
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
