import { Worker } from 'node:worker_threads'
import type { CardText } from './card-text'
import type { TextAnswer, TextJob } from './text-worker'

/**
 * The thread that lays out card text (docs/architecture.md "Share cards"): parsing font files and
 * drawing outlines is JavaScript, which on the main thread would hold up every request for as
 * long as it runs. One thread for the process, as the image slots are (two cards at once at
 * most, in turn here), started by the first card and kept with the fonts it parsed; it holds the
 * process open only while it has work, and one that fails is started anew by the next card.
 */

/**
 * The thread's code beside this module: in the built server, dist/server/text-worker.js beside
 * the bundle (scripts/build.mjs); from the sources (tests, `npm run dev`), the TypeScript file,
 * compiled as it loads by tsx, which those runs have.
 */
const FROM_SOURCES = import.meta.url.endsWith('.ts')
const ENTRY = new URL(FROM_SOURCES ? './text-worker.ts' : './text-worker.js', import.meta.url)

function startWorker(): Worker {
  if (!FROM_SOURCES) return new Worker(ENTRY)
  // A loader given on the worker's command line does not reach its imports in Node 20: tsx is
  // registered from inside it.
  const tsx = import.meta.resolve('tsx/esm/api')
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => {
      register()
      return import(${JSON.stringify(ENTRY.href)})
    })`,
    { eval: true },
  )
}

interface Waiting {
  resolve(text: CardText): void
  reject(error: Error): void
}

let thread: { worker: Worker; waiting: Map<number, Waiting> } | undefined
let jobs = 0

function running() {
  if (thread !== undefined) return thread
  const worker = startWorker()
  const waiting = new Map<number, Waiting>()
  const started = { worker, waiting }
  const fail = (error: Error) => {
    if (thread === started) thread = undefined
    for (const job of waiting.values()) job.reject(error)
    waiting.clear()
  }
  worker.on('message', (answer: TextAnswer) => {
    const job = waiting.get(answer.id)
    waiting.delete(answer.id)
    if (waiting.size === 0) worker.unref()
    if ('error' in answer) job?.reject(new Error(`card text not laid out: ${answer.error}`))
    else job?.resolve(answer.text)
  })
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the card text thread exited with code ${code}`)))
  worker.unref()
  thread = started
  return started
}

/** The card's name and handle as path data (card-text.ts cardText()), laid out off this thread. */
export function layOutCardText(name: string, handle: string): Promise<CardText> {
  const { worker, waiting } = running()
  const job: TextJob = { id: (jobs += 1), name, handle }
  return new Promise((resolve, reject) => {
    waiting.set(job.id, { resolve, reject })
    worker.ref()
    worker.postMessage(job)
  })
}
