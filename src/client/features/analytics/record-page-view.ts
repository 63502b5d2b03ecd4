import type { PageView } from '@shared/page-view'
import { publicConfig } from '@client/lib/public-config'

/**
 * Sending a page view, a chunk of its own: the shell loads it with the first page view, after
 * hydration, so it never weighs on the first load.
 */

type Gtag = (...args: unknown[]) => void
declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

/** Loads Google's tag manager once, only when the operator configured a measurement id. */
function googleTag(measurementId: string): Gtag {
  if (window.gtag !== undefined) return window.gtag
  window.dataLayer = window.dataLayer ?? []
  const dataLayer = window.dataLayer
  const gtag: Gtag = function gtag() {
    // gtag.js reads the `arguments` object itself from the data layer.
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments)
  }
  window.gtag = gtag
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`
  document.head.append(script)
  gtag('js', new Date())
  gtag('config', measurementId, { send_page_view: false })
  return gtag
}

export function recordPageView(view: PageView, title: string) {
  // No cookie goes with it: the endpoint must not be able to tell who viewed the page.
  fetch('/api/events/page-view', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(view),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {
    // A lost page view is not worth bothering the visitor about.
  })
  const { gaMeasurementId } = publicConfig
  if (gaMeasurementId !== null) {
    googleTag(gaMeasurementId)('event', 'page_view', {
      page_path: view.path,
      page_location: window.location.origin + view.path,
      page_title: title,
    })
  }
}
