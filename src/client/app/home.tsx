import { Suspense } from 'react'
import { HomePage } from '@client/features/content-pages/home-page'
import { lazyComponent } from '@client/lib/lazy-component'

/**
 * Home's part of the catalog (the search box and the newest season) is a chunk of its own,
 * asked for while the page hydrates, after its first paint: the first load of / stays as small
 * as it was. The build draws it into the page, so it takes its place without moving anything.
 */
const HomeCatalog = lazyComponent(() =>
  import('./home-catalog').then((module) => module.HomeCatalogPart),
)

/** `/`: Home, with the catalog's part composed in (features never import each other). */
export function Home() {
  return (
    <HomePage
      catalog={
        <Suspense fallback={<div className="h-96 animate-pulse rounded-3xl bg-accent-soft" />}>
          <HomeCatalog />
        </Suspense>
      }
    />
  )
}
