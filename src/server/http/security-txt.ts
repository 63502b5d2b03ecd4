import { Hono } from 'hono'

/** How far ahead the file's Expires lies: RFC 9116 asks for less than a year. */
const VALID_DAYS = 180
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * /.well-known/security.txt (RFC 9116): where a finder reports a vulnerability in this
 * deployment, its operator's contact (CONTACT_URL), in Mofu's two languages. Written on each
 * request, so its Expires always lies ahead (docs/security.md "Reporting a vulnerability").
 */
export function securityTxtRoutes({
  contactUrl,
  publicUrl,
}: {
  contactUrl: string
  publicUrl: string
}) {
  const canonical = new URL('/.well-known/security.txt', publicUrl).href
  return new Hono().get('/', (c) => {
    const expires = new Date(Date.now() + VALID_DAYS * DAY_MS).toISOString()
    c.header('Cache-Control', 'public, max-age=86400')
    return c.text(
      [
        `Contact: ${contactUrl}`,
        `Expires: ${expires}`,
        'Preferred-Languages: en, ja',
        `Canonical: ${canonical}`,
        '',
      ].join('\n'),
    )
  })
}
