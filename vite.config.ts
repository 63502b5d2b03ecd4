import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { build } from 'esbuild'
import { defineConfig, type Plugin, type Rollup } from 'vite'

const apiServer = 'http://localhost:3000'

/** The page's encoding: the HTML standard wants it within the first 1024 bytes. */
const CHARSET = '<meta charset="UTF-8" />'

/**
 * Inlines src/client/app/prepaint.ts into <head>, right after the charset, so stored preferences
 * (dark mode, font, effects) apply before the first paint. The server allows it by its hash in
 * the CSP.
 */
function inlinePrepaint(): Plugin {
  return {
    name: 'mofu-inline-prepaint',
    async transformIndexHtml(html, { path }) {
      // The popup's landing page (auth/popup-done.html) paints nothing of the app's.
      if (path !== '/index.html') return html
      const result = await build({
        entryPoints: ['src/client/app/prepaint.ts'],
        bundle: true,
        write: false,
        minify: true,
        format: 'iife',
        target: 'es2020',
        logLevel: 'silent',
      })
      const code = result.outputFiles[0]?.text.trim() ?? ''
      if (!html.includes(CHARSET)) throw new Error(`index.html lacks ${CHARSET}`)
      return html.replace(CHARSET, () => `${CHARSET}\n    <script>${code}</script>`)
    },
  }
}

/** V8's explicit compile hint (Chrome 136 on): compile every function of the file up front. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
/**
 * Rolldown's own helpers (rolldown's RUNTIME_MODULE_ID), which wrap CommonJS modules: React and
 * react-dom are such modules, and the entry imports them statically, so the helpers run at start.
 */
const ROLLDOWN_RUNTIME = '\0rolldown/runtime.js'

/**
 * Puts COMPILE_HINT at the top of the chunks a page loads at once (the static imports of an HTML
 * entry), whose functions nearly all run while the page hydrates. V8 then compiles them as each
 * script arrives, off the main thread where Chrome streams it, instead of one by one on first
 * call inside the hydration task. Chunks loaded later keep lazy compilation: most of their code
 * runs only once their page or dialog opens. The hint goes in after minification, which drops
 * comments (Rolldown's postBanner: the chunk's hash and source map take it into account; it
 * also starts every other chunk with an empty line).
 */
function compileHints(): Plugin {
  /** The modules the HTML entries import statically, followed through. */
  const importedAtStart = (context: Rollup.PluginContext) => {
    const found = new Set(
      [...context.getModuleIds()].filter(
        (id) => id.endsWith('.html') && context.getModuleInfo(id)?.isEntry === true,
      ),
    )
    found.add(ROLLDOWN_RUNTIME)
    const queue = [...found]
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const imported of context.getModuleInfo(id)?.importedIds ?? []) {
        if (!found.has(imported)) queue.push(imported)
        found.add(imported)
      }
    }
    return found
  }
  let atStart = new Set<string>()
  return {
    name: 'mofu-compile-hints',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && isSsrBuild !== true,
    renderStart() {
      atStart = importedAtStart(this)
    },
    outputOptions: (options) => ({
      ...options,
      postBanner: (chunk) => (chunk.moduleIds.some((id) => atStart.has(id)) ? COMPILE_HINT : ''),
    }),
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [inlinePrepaint(), compileHints(), react(), tailwindcss()],
  resolve: {
    tsconfigPaths: true,
    // wouter reaches React's useSyncExternalStore through the pre-React-18 shim; React 19 has
    // it, so the shim's fallback code stays out of the first load.
    alias: [{ find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'react' }],
  },
  // The manifest (dist/client/.vite/) records the chunk graph for bench/front-end.ts.
  // The prerender build (--ssr, see scripts/prerender.mjs) needs no copy of public/.
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    copyPublicDir: isSsrBuild !== true,
    // The HTML preloads the entry's own imports. A dynamic import fetches its chunk's imports
    // itself: Vite's helper otherwise appends a <link rel="modulepreload"> per dependency on every
    // import(), main-thread work in the middle of the first load
    // (docs/decisions/compile-hints.md).
    // No polyfill: every browser Mofu supports follows <link rel="modulepreload"> itself, and
    // one that did not would only fetch those modules when imported, a little later.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    // The app, and the Google sign-in popup's landing page, which loads only what it reports
    // with (src/client/app/popup-done.ts). The prerender build runs once in Node at build time,
    // where a dynamic import that splits nothing costs nothing: no warning for it there.
    rolldownOptions:
      isSsrBuild === true
        ? { checks: { ineffectiveDynamicImport: false } }
        : { input: ['index.html', 'auth/popup-done.html'] },
  },
  // The server-side entry holds its packages, React in its production build: the server loads
  // the entry at run time to draw /@handle and title pages, and React read from node_modules (or
  // bundled with NODE_ENV left to the run) is its development build wherever NODE_ENV is not
  // production, several times slower. Bundled whole, so no package brings a second React.
  ssr: { noExternal: true },
  define: isSsrBuild === true ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    proxy: { '/api': apiServer, '/media': apiServer, '/healthz': apiServer, '/readyz': apiServer },
  },
}))
