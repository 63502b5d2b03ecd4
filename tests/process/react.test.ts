import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { expect, it } from 'vitest'
import { ENTRY, readManifest, withStaticImports } from '../../bench/front-end'

/**
 * Mofu's front end is React (docs/decisions/react-19.md): `react` and `react-dom` are Meta's
 * packages at 19.x, never an alias or a look-alike, and the built client carries React DOM.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const CLIENT = path.join(ROOT, 'dist/client')
const require = createRequire(path.join(ROOT, 'package.json'))

const installed = (name: string) => {
  const file = require.resolve(`${name}/package.json`)
  return JSON.parse(fs.readFileSync(file, 'utf8')) as {
    name: string
    version: string
    homepage?: string
  }
}

it.each(['react', 'react-dom'])('%s resolves to Meta’s package at 19.x', (name) => {
  const found = installed(name)
  expect(found.name).toBe(name)
  expect(found.version).toMatch(/^19\.\d+\.\d+$/)
  expect(found.homepage).toBe('https://react.dev/')
})

it('package.json asks for React itself: no alias, and no Preact anywhere', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }
  const all = { ...manifest.dependencies, ...manifest.devDependencies }
  expect(all.react).toMatch(/^\^19\./)
  expect(all['react-dom']).toMatch(/^\^19\./)
  expect(Object.keys(all).filter((name) => name.includes('preact'))).toEqual([])
  expect(fs.existsSync(path.join(ROOT, 'node_modules/preact'))).toBe(false)
})

it('the scripts / loads at once carry React DOM 19 and no Preact', async () => {
  const manifest = await readManifest(CLIENT)
  const code = [...withStaticImports(manifest, [ENTRY])]
    .map((key) => fs.readFileSync(path.join(CLIENT, manifest[key]?.file ?? key), 'utf8'))
    .join('\n')
  // React DOM marks its containers and fibers with these keys, and states its version.
  expect(code).toContain('__reactContainer$')
  expect(code).toContain('__reactFiber$')
  const version = installed('react-dom').version.replaceAll('.', '\\.')
  expect(code).toMatch(new RegExp(`version:[\`"']${version}[\`"']`))
  expect(code).toContain('https://react.dev/errors/')
  // preact/compat's marker for a React element built by it.
  expect(code).not.toMatch(/__preactattr_|preact\/compat/)
})

it('the server draws pages with React’s production build, whatever NODE_ENV says', () => {
  // The server-side entry the server loads to draw /@handle and title pages.
  const entry = path.join(ROOT, 'dist/prerender')
  const files = fs
    .readdirSync(entry, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
  const code = files.map((file) => fs.readFileSync(path.join(entry, file), 'utf8')).join('\n')
  // React from node_modules (or bundled with NODE_ENV left to the run) is its development build
  // wherever NODE_ENV is not production: the entry imports nothing but Node's own modules and
  // its chunks, and leaves nothing to NODE_ENV.
  const imported = [
    ...code.matchAll(/^\s*(?:import|export)\b[^'";]*?["']([^"']+)["'];?$/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ]
    .map((match) => match[1] ?? '')
    .filter((specifier) => !specifier.startsWith('./') && !specifier.startsWith('../'))
  expect(imported.filter((specifier) => !specifier.startsWith('node:'))).toEqual([])
  expect(code).not.toContain('process.env.NODE_ENV')
  // A warning only React's development build gives.
  expect(code).not.toContain('Each child in a list should have a unique')
  expect(code).toContain('https://react.dev/errors/')
})
