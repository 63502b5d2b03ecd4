// Second half of `npm run build`, after `vite build`: bundles the server into
// dist/server/main.js, the thread that lays out share card text into dist/server/text-worker.js
// and the one that reads MyAnimeList exports into dist/server/mal-import-worker.js beside it
// (where the bundle looks for them), and the admin command into dist/server/mofu.js, and
// precompresses the client's text files so they are served as Brotli or gzip without compressing
// on each request.
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { build } from 'esbuild'

// The commit /healthz and the startup line report, read once here and fixed in the bundle, by
// the function the server runs itself when started without a build (src/server/build-commit.ts).
const [commitModule] = (
  await build({
    entryPoints: ['src/server/build-commit.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'warning',
  })
).outputFiles
const { buildCommit } = await import(
  `data:text/javascript,${encodeURIComponent(commitModule.text)}`
)
const commit = buildCommit(path.resolve(import.meta.dirname, '..'), process.env)

// npm packages are bundled too: one file to read and compile instead of about a thousand
// modules to resolve halves the time a process takes to start, which is how long a restarted
// instance is away (docs/decisions/bundled-server.md). Packages with native code stay in
// node_modules.
const server = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['sharp', 'better-sqlite3', 'pg-native'],
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module';\nconst require = bundleRequire(import.meta.url);",
  },
  define: { MOFU_BUILD_COMMIT: JSON.stringify(commit) },
  sourcemap: true,
  logLevel: 'warning',
}
await build({ ...server, entryPoints: ['src/server/main.ts'], outfile: 'dist/server/main.js' })
await build({
  ...server,
  entryPoints: ['src/server/share-cards/text-worker.ts'],
  outfile: 'dist/server/text-worker.js',
})
await build({
  ...server,
  entryPoints: ['src/server/board/mal-import-worker.ts'],
  outfile: 'dist/server/mal-import-worker.js',
})
await build({
  ...server,
  entryPoints: ['src/server/cli/mofu.ts'],
  outfile: 'dist/server/mofu.js',
  banner: { js: `#!/usr/bin/env node\n${server.banner.js}` },
})
fs.chmodSync('dist/server/mofu.js', 0o755)

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)
const compressible = /\.(js|css|svg|json|txt|webmanifest)$/
const clientDir = 'dist/client'
for (const entry of fs.readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue
  const file = path.join(entry.parentPath, entry.name)
  const data = fs.readFileSync(file)
  if (data.length < 1024) continue
  fs.writeFileSync(`${file}.br`, await brotli(data))
  fs.writeFileSync(`${file}.gz`, await gzip(data, { level: 9 }))
}
