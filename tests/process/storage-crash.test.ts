import { spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from 'esbuild'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createLocalStorage, removeOrphanedTempFiles } from '../../src/server/storage/local-storage'

/**
 * The local storage driver under kill -9, at random moments of a stream of writes: whatever the
 * moment, the object is the whole body of the last acknowledged put or of the one in flight, and
 * every acknowledged put had synced its bytes before renaming them into place and the folder
 * after, as the writer reports from its wrapped `fs` (kill -9 alone cannot show durability).
 */

const KEY = 'avatars/crash-subject'
const SIZE = 4 * 1024 * 1024
const ROUNDS = 20
/**
 * Kills that must land inside a write (a temporary file left behind). Where a kill lands is
 * chance, and a busy machine stretches the gaps between puts, so rounds go on past ROUNDS until
 * this many have, up to MAX_ROUNDS.
 */
const MID_WRITE_KILLS = 5
const MAX_ROUNDS = ROUNDS * 3

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The writer bundled once, so that each of the rounds starts a plain node process quickly. */
let writer = ''
beforeAll(async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-storage-writer-'))
  writer = path.join(dir, 'storage-writer.mjs')
  await build({
    entryPoints: [path.resolve(import.meta.dirname, '../support/storage-writer.ts')],
    outfile: writer,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  })
  return () => fs.rm(dir, { recursive: true, force: true })
})

const StepsSchema = z.array(
  z.union([
    z.tuple([z.literal('sync'), z.string()]),
    z.tuple([z.literal('rename'), z.string(), z.string()]),
  ]),
)
type Steps = z.infer<typeof StepsSchema>

/** Starts a writer; resolves with it once its first put is acknowledged. */
async function startWriter(dir: string) {
  const child = spawn(process.execPath, [writer, dir, KEY, String(SIZE)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let acknowledged = 0
  let firstAt = 0
  /** The steps of each acknowledged put, by generation. */
  const puts = new Map<number, Steps>()
  // 'close', not 'exit': every line the writer printed before it died has been read by then.
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  const first = new Promise<void>((resolve, reject) => {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      const at = line.indexOf(' ')
      acknowledged = Number(line.slice(0, at))
      puts.set(acknowledged, StepsSchema.parse(JSON.parse(line.slice(at + 1))))
      if (firstAt === 0) {
        firstAt = Date.now()
        resolve()
      }
    })
    void exited.then(() => reject(new Error('the writer exited before its first put')))
  })
  await first
  return {
    child,
    exited,
    acknowledged: () => acknowledged,
    puts,
    /** Milliseconds per put so far. */
    putMs: () => (Date.now() - firstAt) / Math.max(1, acknowledged - 1),
  }
}

/**
 * What a power cut could lose of a put that has answered, from the steps it took: a file renamed
 * into place before its bytes were synced, or a rename whose folder was not synced after it.
 */
function notDurable(steps: Steps): string[] {
  const renamed = steps.flatMap((step, at) => (step[0] === 'rename' ? [{ step, at }] : []))
  if (!renamed.some(({ step }) => step[2] === KEY)) return [`${KEY} never renamed into place`]
  return renamed.flatMap(({ step: [, from, to], at }) => {
    const synced = (file: string, after: boolean) =>
      steps.some(
        ([kind, target], index) =>
          kind === 'sync' && target === file && (after ? index > at : index < at),
      )
    return [
      ...(synced(from, false) ? [] : [`${to} renamed before its bytes were synced`]),
      ...(synced(path.dirname(to), true) ? [] : [`${to} renamed, its folder not synced after`]),
    ]
  })
}

/** Hidden temporary files left in the key's folder. */
async function tempFiles(dir: string) {
  const names = await fs.readdir(path.join(dir, path.dirname(KEY)))
  return names.filter((name) => name.endsWith('.tmp'))
}

describe('kill -9 at random moments of a stream of 4 MB puts', () => {
  it('leaves the whole old or the whole new body every time, each acknowledged put synced', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-storage-crash-'))
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }))
    let putMs = 50
    let midWrite = 0
    let round = 0
    for (; round < ROUNDS || (midWrite < MID_WRITE_KILLS && round < MAX_ROUNDS); round++) {
      const running = await startWriter(dir)
      cleanups.push(async () => {
        running.child.kill('SIGKILL')
        await running.exited
      })
      // Anywhere within the next few puts: the kill lands in a write, a fsync, a rename or
      // between puts, as chance has it.
      await sleep(Math.random() * putMs * 3)
      const acknowledgedBeforeKill = running.acknowledged()
      running.child.kill('SIGKILL')
      await running.exited
      putMs = Math.max(5, running.putMs())
      const acknowledged = running.acknowledged()

      // What the crash left, before anything tidies up.
      const leftovers = await tempFiles(dir)
      if (leftovers.length > 0) midWrite++
      const stored = await createLocalStorage(dir).get(KEY)
      if (stored === null) throw new Error(`round ${round}: the object is gone`)
      expect(stored.size, `round ${round}`).toBe(SIZE)
      const generation = stored.body.readUInt32BE(0)
      // Acknowledged means durable: every put that answered synced its files and folder.
      for (const [put, steps] of running.puts) {
        expect(notDurable(steps), `round ${round}, put ${put}`).toEqual([])
      }
      // kill -9 keeps the page cache, so what is read back shows the order of the renames, not
      // durability: the last acknowledged put, or the one in flight after it.
      expect(generation, `round ${round}`).toBeGreaterThanOrEqual(acknowledged)
      expect(generation, `round ${round}`).toBeLessThanOrEqual(acknowledged + 1)
      expect(generation).toBeGreaterThanOrEqual(acknowledgedBeforeKill)
      const fill = generation % 251
      expect(
        stored.body.subarray(4).every((byte) => byte === fill),
        `round ${round}: torn`,
      ).toBe(true)
      // Metadata is written first, so it names this generation or the next one.
      expect([generation, generation + 1].map((g) => `application/x-generation-${g}`)).toContain(
        stored.contentType,
      )

      expect(await removeOrphanedTempFiles(dir)).toBe(leftovers.length)
      expect(await tempFiles(dir)).toEqual([])
    }
    console.info(`${midWrite} of ${round} kills left a temporary file behind`)
    // Proof the kills landed inside writes, not only between them.
    expect(midWrite).toBeGreaterThanOrEqual(MID_WRITE_KILLS)
  }, 120_000)
})
