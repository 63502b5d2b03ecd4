import { randomUUID } from 'node:crypto'
import type { Dirent, Stats } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import { checkKey, type ObjectStorage, type StoredObject } from './object-storage'

/** Uploads are the users' own: readable by the server's account only. */
const PRIVATE_FILE_MODE = 0o600
const PRIVATE_DIR_MODE = 0o700

/** For objects written before their content type was recorded, or whose record was lost. */
const UNKNOWN_TYPE = 'application/octet-stream'

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code
const isAbsent = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes(String(errorCode(error)))

/**
 * Temporary files carry their writer's process id, so that a later start can tell the leftovers
 * of a writer that died (kill -9, power loss) from files another process is still writing.
 */
const TEMP_FILE = /^\..+\.(\d+)\.[0-9a-f-]{36}\.tmp$/

/**
 * Writes through a temporary file in the same folder, flushed to disk before it is renamed over
 * the target: a reader or a crash sees the old file or the new one, never half of one.
 */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${randomUUID()}.tmp`,
  )
  try {
    const handle = await fs.open(temp, 'wx', PRIVATE_FILE_MODE)
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(temp, file)
  } catch (error) {
    await fs.rm(temp, { force: true })
    throw error
  }
}

/** Makes a rename in the folder durable. Not every platform can open a folder; then skip it. */
async function syncFolder(folder: string): Promise<void> {
  let handle: fs.FileHandle
  try {
    handle = await fs.open(folder, 'r')
  } catch {
    return
  }
  try {
    await handle.sync()
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself has happened.
  } finally {
    await handle.close()
  }
}

/** How many bytes of recently read objects stay in memory (avatars are read far more than written). */
const READ_CACHE_BYTES = 32 * 1024 * 1024

const identityOf = (stat: Stats) => `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`

/** Objects read lately, each with the identity of the file it came from; least recent go first. */
class RecentObjects {
  private readonly entries = new Map<string, { identity: string; object: StoredObject }>()
  private bytes = 0
  constructor(private readonly maxBytes: number) {}

  get(file: string, identity: string): StoredObject | undefined {
    const entry = this.entries.get(file)
    if (entry?.identity !== identity) return undefined
    this.entries.delete(file)
    this.entries.set(file, entry)
    return entry.object
  }

  set(file: string, identity: string, object: StoredObject): void {
    this.delete(file)
    if (object.size > this.maxBytes) return
    this.entries.set(file, { identity, object })
    this.bytes += object.size
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= entry.object.size
    }
  }

  delete(file: string): void {
    const entry = this.entries.get(file)
    if (entry === undefined) return
    this.entries.delete(file)
    this.bytes -= entry.object.size
  }
}

/**
 * Objects as plain files under `dir` (`dir/avatars/{uid}`), so backups and inspection need no
 * tool. The content type sits beside each file in a hidden `.{name}.meta.json`; the file is the
 * truth: without it the object is absent, whatever metadata remains.
 */
export function createLocalStorage(dir: string): ObjectStorage {
  const root = path.resolve(dir)
  const fileOf = (key: string) => {
    checkKey(key)
    return path.join(root, ...key.split('/'))
  }
  const metaOf = (file: string) =>
    path.join(path.dirname(file), `.${path.basename(file)}.meta.json`)

  const recent = new RecentObjects(READ_CACHE_BYTES)
  return {
    async put(key, body, contentType) {
      const file = fileOf(key)
      const folder = path.dirname(file)
      await fs.mkdir(folder, { recursive: true, mode: PRIVATE_DIR_MODE })
      // Metadata first: a crash between the two renames pairs the old content with the new
      // type, never new content with no record of its type.
      await writeAtomically(metaOf(file), Buffer.from(JSON.stringify({ contentType })))
      await writeAtomically(file, body)
      await syncFolder(folder)
    },

    async get(key) {
      const file = fileOf(key)
      // A file is only ever replaced by a rename, so a new one has a new inode and date: one
      // stat tells whether the copy read before is still current.
      const current = await fs.stat(file).catch((error: unknown) => {
        if (isAbsent(error)) return null
        throw error
      })
      if (current === null) return null
      const known = recent.get(file, identityOf(current))
      if (known !== undefined) return known

      let handle: fs.FileHandle
      try {
        handle = await fs.open(file, 'r')
      } catch (error) {
        if (isAbsent(error)) return null
        throw error
      }
      let body: Buffer
      let stat: Stats
      try {
        // Size and content from one open file, even if a put renames a new one over it meanwhile.
        body = await handle.readFile()
        stat = await handle.stat()
      } finally {
        await handle.close()
      }
      const stored: StoredObject = {
        body,
        contentType: await readContentType(metaOf(file)),
        size: body.length,
        lastModified: stat.mtime,
      }
      recent.set(file, identityOf(stat), stored)
      return stored
    },

    async delete(key) {
      const file = fileOf(key)
      recent.delete(file)
      await fs.rm(file, { force: true })
      await fs.rm(metaOf(file), { force: true })
    },

    // A file named like a temporary one, so a start removes it should the process die here.
    // The caller bounds the time: a local file system answers or fails.
    async check() {
      const probe = path.join(root, `.ready.${process.pid}.${randomUUID()}.tmp`)
      await fs.mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE })
      await fs.writeFile(probe, '', { flag: 'wx', mode: PRIVATE_FILE_MODE })
      await fs.rm(probe, { force: true })
    },
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return errorCode(error) === 'EPERM'
  }
}

/**
 * Removes the temporary files of writers that are gone, under `dir`; called once at start,
 * before this process writes anything, so its own id (reused, as pid 1 in a container) counts as
 * gone too. Returns how many it removed.
 */
export async function removeOrphanedTempFiles(dir: string): Promise<number> {
  let entries: Dirent[]
  try {
    entries = await fs.readdir(dir, { withFileTypes: true, recursive: true })
  } catch (error) {
    if (isAbsent(error)) return 0
    throw error
  }
  const orphans = entries.filter((entry) => {
    const pid = entry.isFile() ? TEMP_FILE.exec(entry.name)?.[1] : undefined
    return pid !== undefined && (Number(pid) === process.pid || !isRunning(Number(pid)))
  })
  await Promise.all(
    orphans.map((entry) => fs.rm(path.join(entry.parentPath, entry.name), { force: true })),
  )
  return orphans.length
}

const MetaSchema = z.object({ contentType: z.string() })

async function readContentType(metaFile: string): Promise<string> {
  try {
    const meta = MetaSchema.safeParse(JSON.parse(await fs.readFile(metaFile, 'utf8')))
    return meta.success ? meta.data.contentType : UNKNOWN_TYPE
  } catch (error) {
    if (isAbsent(error) || error instanceof SyntaxError) return UNKNOWN_TYPE
    throw error
  }
}
