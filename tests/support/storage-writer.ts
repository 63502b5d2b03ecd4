import fs from 'node:fs/promises'
import path from 'node:path'
import { createLocalStorage } from '../../src/server/storage/local-storage'

/**
 * Child process of the storage crash test: puts ever newer bodies under one key, as fast as it
 * can, and prints one line per put once it has returned: the generation, then the file system
 * steps that make a write durable (each fsync and rename, paths relative to `dir`) in the order
 * the put took them, as JSON. Generation g is `size` bytes, the first four holding g and every
 * other byte g % 251, so a reader can tell a whole body from a torn or mixed one.
 */
const [dir = '', key = '', size = '0'] = process.argv.slice(2)

/** What kill -9 cannot show (the page cache survives it): the steps come from wrapping `fs`. */
type Step = ['sync', string] | ['rename', string, string]
let steps: Step[] = []
const relative = (file: unknown) => path.relative(dir, String(file))
const { open, rename } = fs
fs.open = async (...args: Parameters<typeof open>) => {
  const handle = await open(...args)
  const sync = handle.sync.bind(handle)
  handle.sync = async () => {
    await sync()
    steps.push(['sync', relative(args[0])])
  }
  return handle
}
fs.rename = async (from, to) => {
  await rename(from, to)
  steps.push(['rename', relative(from), relative(to)])
}

const storage = createLocalStorage(dir)
for (let generation = 1; ; generation++) {
  const body = Buffer.alloc(Number(size), generation % 251)
  body.writeUInt32BE(generation, 0)
  steps = []
  await storage.put(key, body, `application/x-generation-${generation}`)
  process.stdout.write(`${generation} ${JSON.stringify(steps)}\n`)
}
