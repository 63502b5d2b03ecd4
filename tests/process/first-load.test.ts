import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, it } from 'vitest'

const CLIENT = path.resolve(import.meta.dirname, '../../dist/client')
/** Issue budget: the first load of / ships at most 85 KB of gzipped JavaScript. */
const FIRST_LOAD_JS_BUDGET = 85 * 1024

it('the first load of / stays within 85 KB of gzipped JavaScript', () => {
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
