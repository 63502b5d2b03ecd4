import tailwindcss from '@tailwindcss/vite'
import preact from '@preact/preset-vite'
import { build } from 'esbuild'
import { defineConfig, type Plugin } from 'vite'

const apiServer = 'http://localhost:3000'

/**
 * Inlines src/client/app/prepaint.ts into <head> so stored preferences (dark mode, font,
 * effects) apply before the first paint. The server allows it by its hash in the CSP.
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
      return [{ tag: 'script', children: code, injectTo: 'head-prepend' }]
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [inlinePrepaint(), preact(), tailwindcss()],
  resolve: {
    tsconfigPaths: true,
    // The preset points react and react-dom at preact/compat; wouter reaches
    // useSyncExternalStore through React's pre-18 shim, which compat provides itself.
    alias: [{ find: /^use-sync-external-store\/shim\/index\.js$/, replacement: 'preact/compat' }],
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
    // import(), which took about 35 ms of the first load's main thread on the bench machine.
    modulePreload: {
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
    // The app, and the Google sign-in popup's landing page, which loads only what it reports
    // with (src/client/app/popup-done.ts).
    rolldownOptions: isSsrBuild === true ? {} : { input: ['index.html', 'auth/popup-done.html'] },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiServer, '/media': apiServer, '/healthz': apiServer, '/readyz': apiServer },
  },
}))
