import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, it } from 'vitest'

const CLIENT = path.resolve(import.meta.dirname, '../../dist/client')
/** Issue 12's budget: the first load of / ships at most 80 KB of gzipped JavaScript. */
const FIRST_LOAD_JS_BUDGET = 80 * 1024

it('the first load of / stays within 80 KB of gzipped JavaScript', () => {
  const html = fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8')
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(([, src]) => src)
  expect(scripts.length).toBeGreaterThan(0)
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code ?? '')
  const gzipped = [
    ...scripts.map((src) => fs.readFileSync(path.join(CLIENT, src ?? ''))),
    ...inline.map((code) => Buffer.from(code)),
  ].reduce((total, code) => total + zlib.gzipSync(code, { level: 9 }).length, 0)
  expect(gzipped).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET)
})
