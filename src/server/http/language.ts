import type { Context } from 'hono'
import { headerLanguage, type Language } from '../../shared/language'

/** The language of the answer to a request Hono is handling (docs/architecture.md "Languages"). */
export const answerLanguage = (c: Context): Language =>
  headerLanguage(c.req.header('Cookie'), c.req.header('Accept-Language'))
