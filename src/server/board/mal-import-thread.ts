import { Worker } from 'node:worker_threads'
import { decodeSlots, DecodeQueueFull } from '../http/decode-slots'
import { MalImportRefused, type MalEntry } from './mal-import'
import type { ReadAnswer, ReadJob } from './mal-import-worker'

/**
 * Where MyAnimeList exports are read (docs/architecture.md "The MyAnimeList import"): parsing 10 MB of
 * XML takes over a second and a few hundred megabytes, which on the main thread would hold up
 * every request and could take the process's memory. One thread for the process reads one file
 * at a time, with its heap capped: a file that would pass the cap ends the thread (started anew
 * by the next import) and is refused as too large. Four more wait their turn; past that the
 * import answers 503 BUSY.
 */

/** The thread's code beside this module: dist/server/mal-import-worker.js once built. */
const FROM_SOURCES = import.meta.url.endsWith('.ts')
const ENTRY = new URL(
  FROM_SOURCES ? './mal-import-worker.ts' : './mal-import-worker.js',
  import.meta.url,
)
/**
 * Twice what an honest export of 10 MB (11,000 titles) takes to parse; 10 MB of empty elements
 * would take more than that.
 */
const HEAP_MB = 256
const QUEUE = 4

export class MalImportBusy extends Error {
  constructor() {
    super('Every MyAnimeList import turn is taken')
    this.name = 'MalImportBusy'
  }
}

function startWorker(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_MB }
  if (!FROM_SOURCES) return new Worker(ENTRY, { resourceLimits })
  // As share-cards/text-thread.ts: tsx is registered from inside the thread.
  const tsx = import.meta.resolve('tsx/esm/api')
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => {
      register()
      return import(${JSON.stringify(ENTRY.href)})
    })`,
    { eval: true, resourceLimits },
  )
}

let worker: Worker | undefined
let jobs = 0
const turns = decodeSlots(1, QUEUE)

/** Sends one job to the thread, started if need be, and waits for its answer or its end. */
function readOnThread(body: Buffer): Promise<MalEntry[]> {
  const thread = (worker ??= startWorker())
  // A copy of its own, whose memory moves to the thread rather than being copied again.
  const bytes = new Uint8Array(new ArrayBuffer(body.length))
  bytes.set(body)
  const job: ReadJob = { id: (jobs += 1), body: bytes }
  return new Promise((resolve, reject) => {
    const done = () => {
      thread.off('message', onMessage)
      thread.off('error', onError)
      thread.off('exit', onExit)
      thread.unref()
    }
    const onMessage = (answer: ReadAnswer) => {
      if (answer.id !== job.id) return
      done()
      if ('entries' in answer) resolve(answer.entries)
      else if ('refusal' in answer) reject(new MalImportRefused(answer.refusal))
      else reject(new Error(`MyAnimeList export not read: ${answer.error}`))
    }
    const onError = (error: Error & { code?: string }) => {
      done()
      if (worker === thread) worker = undefined
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new MalImportRefused('tooLarge') : error)
    }
    const onExit = (code: number) => {
      done()
      if (worker === thread) worker = undefined
      reject(new Error(`the MyAnimeList import thread exited with code ${code}`))
    }
    thread.on('message', onMessage)
    thread.on('error', onError)
    thread.on('exit', onExit)
    thread.ref()
    thread.postMessage(job, [bytes.buffer])
  })
}

/** mal-import.ts readMalExport() off this thread; throws MalImportBusy when too many wait. */
export async function readMalExportApart(body: Buffer): Promise<MalEntry[]> {
  try {
    return await turns(() => readOnThread(body))
  } catch (error) {
    if (error instanceof DecodeQueueFull) throw new MalImportBusy()
    throw error
  }
}
