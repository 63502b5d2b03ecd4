import { startTransition, StrictMode, useEffect } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { normalizePath } from '@shared/routes'
import { setJapaneseCatalogue, startIn } from '@client/lib/i18n/i18n'
import { showChosenLanguage } from '@client/lib/preferences/preferences'
import { AppRoutes, prefetchPages, preloadPage } from './routes'
import './styles.css'

const root = document.getElementById('root')
if (root === null) throw new Error('index.html has no #root element')

/** Once the app has taken over the page, its controls take clicks (styles.css). */
function Running() {
  useEffect(() => {
    delete root?.dataset.prerendered
  }, [])
  return null
}

// Hydration reads no query, as the build rendered none: the account panel (?account=true)
// and other query-driven parts render right after it.
const app = (
  <StrictMode>
    <Running />
    <Router ssrSearch="">
      <AppRoutes />
    </Router>
  </StrictMode>
)
// The Japanese strings are a chunk of their own, loaded only when Japanese is shown.
setJapaneseCatalogue(() => import('./i18n-ja').then((module) => module.JA))
// The server sends this page's own prerendered HTML, marked with its path and language, or a
// generic shell, which is replaced at once, so nothing can be clicked in it after the page
// loads. The page's own code and strings first, so the whole page hydrates at once (it is
// painted meanwhile), in the language of its HTML; the visitor's own follows right after.
// As a transition, React yields every few milliseconds instead of holding the main thread.
if (root.dataset.prerendered === normalizePath(window.location.pathname)) {
  const hydrate = () => {
    startTransition(() => {
      hydrateRoot(root, app)
    })
    void showChosenLanguage()
  }
  Promise.all([
    preloadPage(window.location.pathname),
    startIn(root.dataset.lang === 'ja' ? 'ja' : 'en'),
  ]).then(hydrate, hydrate)
} else {
  const fresh = createRoot(root)
  const render = () => flushSync(() => fresh.render(app))
  showChosenLanguage().then(render, render)
}

// The session is asked for at once, in a chunk of its own, so it never delays the first paint.
void import('./account-session').then((module) => module.startAccountSession())

// Warm the other pages and the account panel, one per idle moment, so opening them feels
// instant without weighing on the first load or holding the main thread for long.
const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1500))
prefetchPages(idle)
