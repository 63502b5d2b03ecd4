/** Every page route of the app, as the e2e suites visit them. */
export const PAGE_ROUTES = [
  '/',
  '/favorites',
  '/seeme',
  '/sakuramap',
  '/shop',
  '/premium',
  '/settings',
  '/master',
  '/privacy',
  '/terms',
  '/cookies',
  '/dim25',
  '/anime/op/first-light',
  '/anime',
  '/articles',
  '/articles/spring-notes',
]
