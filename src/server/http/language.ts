import type { Context } from 'hono'
import { requestLanguage, type Language } from '../../shared/language'

/** Every way to ask for Japanese (`lang=ja`, `ja-JP`, `JA`) spells these two letters. */
const MAY_ASK_FOR_JAPANESE = /ja/i

/**
 * The language of an answer (docs/architecture.md "Languages"): the `lang` cookie, else Accept-Language, else
 * English; only 'en' or 'ja', whatever the headers hold. A request that names no Japanese at
 * all, as most do, is answered in English without parsing either header.
 */
export function headerLanguage(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  const cookies = cookie ?? undefined
  const accepted = acceptLanguage ?? undefined
  if (!MAY_ASK_FOR_JAPANESE.test(cookies ?? '') && !MAY_ASK_FOR_JAPANESE.test(accepted ?? '')) {
    return 'en'
  }
  return requestLanguage(cookies, accepted)
}

/** The language of the answer to a request Hono is handling. */
export const answerLanguage = (c: Context): Language =>
  headerLanguage(c.req.header('Cookie'), c.req.header('Accept-Language'))

/** The language of a request Better Auth passes on (its headers; none when the server acts). */
export const headersLanguage = (headers: Headers | null | undefined): Language =>
  headerLanguage(headers?.get('cookie'), headers?.get('accept-language'))
