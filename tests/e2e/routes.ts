import { pageAt, PAGES } from '../../src/shared/pages'
import { isAccountPath } from '../../src/shared/routes'

/**
 * The registry's pages (src/shared/pages.ts) but the account route, which opens the account
 * panel over the home page: the suites visit that as /?account=true.
 */
const REGISTRY_ROUTES = Object.keys(PAGES).filter((path) => !isAccountPath(path))

/**
 * Every page route of the app, as the e2e suites visit them: each page of the registry, a path
 * under each page that has paths under it, and an opening, whose player layout no page of the
 * registry has.
 */
export const PAGE_ROUTES = [
  ...REGISTRY_ROUTES,
  ...REGISTRY_ROUTES.filter((path) => pageAt(path)?.subpaths === true).map(
    (path) => `${path}/spring-notes`,
  ),
  '/anime/op/first-light',
]
