import { createLocalStorage } from '../../src/server/storage/local-storage'

/**
 * Child process of the storage crash test: puts ever newer bodies under one key, as fast as it
 * can, and prints each generation once its put has returned. Generation g is `size` bytes, the
 * first four holding g and every other byte g % 251, so a reader can tell a whole body from a
 * torn or mixed one.
 */
const [dir = '', key = '', size = '0'] = process.argv.slice(2)
const storage = createLocalStorage(dir)
for (let generation = 1; ; generation++) {
  const body = Buffer.alloc(Number(size), generation % 251)
  body.writeUInt32BE(generation, 0)
  await storage.put(key, body, `application/x-generation-${generation}`)
  process.stdout.write(`${generation}\n`)
}
