import { parentPort } from 'node:worker_threads'
import type { MalImportRefusal } from '../../shared/mal-import'
import { MalImportRefused, readMalExport, type MalEntry } from './mal-import'

/**
 * The MyAnimeList import thread's own code (mal-import-thread.ts starts it): reads each export
 * it is sent, one at a time, and answers its entries or why it is refused.
 */

export interface ReadJob {
  id: number
  body: Uint8Array
}

export type ReadAnswer =
  | { id: number; entries: MalEntry[] }
  | { id: number; refusal: MalImportRefusal }
  | { id: number; error: string }

async function answerTo({ id, body }: ReadJob): Promise<ReadAnswer> {
  try {
    return { id, entries: await readMalExport(Buffer.from(body)) }
  } catch (error) {
    if (error instanceof MalImportRefused) return { id, refusal: error.refusal }
    return { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
}

parentPort?.on('message', (job: ReadJob) => {
  void answerTo(job).then((answer) => parentPort?.postMessage(answer))
})
