import { startTransition, StrictMode, useEffect, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { normalizePath } from '@shared/routes'
import { ROOT_ERROR_OPTIONS } from '@client/lib/client-errors'
import { whenIdle } from '@client/lib/idle'
import { setJapaneseCatalogue, startIn } from '@client/lib/i18n/i18n'
import { showChosenLanguage } from '@client/lib/preferences/preferences'
import { AppRoutes, prefetchPages, preloadPage } from './routes'
import './styles.css'

const root = document.getElementById('root')
if (root === null) throw new Error('index.html has no #root element')

/**
 * Radios and checkboxes the keyboard changed in the prerendered page before the app ran (clicks
 * are off until then, styles.css): set back as the HTML had them and returned, to be chosen
 * again once the page has hydrated, so the app hears of the choice instead of the page showing
 * one the app never made.
 */
function takeEarlyChoices(within: HTMLElement): HTMLInputElement[] {
  const inputs = [
    ...within.querySelectorAll<HTMLInputElement>('input[type="radio"], input[type="checkbox"]'),
  ]
  const chosen = inputs.filter(
    (input) =>
      input.checked !== input.defaultChecked && (input.type === 'checkbox' || input.checked),
  )
  for (const input of inputs) input.checked = input.defaultChecked
  return chosen
}

/**
 * Rendered after the page, inside its boundary: once the page has hydrated, its controls take
 * clicks (styles.css) and the choices made before count.
 */
function Hydrated({ earlyChoices }: { earlyChoices: HTMLInputElement[] }) {
  useEffect(() => {
    delete root?.dataset.prerendered
    // Emptied as it goes: once, even where StrictMode runs effects twice.
    for (const input of earlyChoices.splice(0)) input.click()
  }, [earlyChoices])
  return null
}

// Hydration reads no query, as the build rendered none: the account panel (?account=true)
// and other query-driven parts render right after it.
const app = (afterPage?: ReactNode) => (
  <StrictMode>
    <Router ssrSearch="">
      <AppRoutes afterPage={afterPage} />
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
    const hydrated = <Hydrated earlyChoices={takeEarlyChoices(root)} />
    startTransition(() => {
      hydrateRoot(root, app(hydrated), ROOT_ERROR_OPTIONS)
    })
    void showChosenLanguage()
  }
  Promise.all([
    preloadPage(window.location.pathname),
    startIn(root.dataset.lang === 'ja' ? 'ja' : 'en'),
  ]).then(hydrate, hydrate)
} else {
  const fresh = createRoot(root, ROOT_ERROR_OPTIONS)
  const render = () => {
    flushSync(() => fresh.render(app()))
    delete root.dataset.prerendered
  }
  showChosenLanguage().then(render, render)
}

// The session is asked for at once, in a chunk of its own, so it never delays the first paint.
void import('./account/account-session').then((module) => module.startAccountSession())

// Warm the other pages and the account panel, one per idle moment, so opening them feels
// instant without weighing on the first load or holding the main thread for long.
prefetchPages(whenIdle)
