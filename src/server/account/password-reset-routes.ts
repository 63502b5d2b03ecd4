import { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { AUTH_MESSAGES } from '../../shared/auth-messages'
import { ResetCodeCheckSchema, type ResetCodeAnswer } from '../../shared/password-reset'
import { recoveryChoices } from '../auth/recovery-choices'
import type { Auth } from '../auth/auth'
import { readResetCode } from '../auth/recovery-resets'
import type { Tables } from '../db/tables'
import { jsonBody } from '../http/json-body'
import { answerLanguage } from '../http/language'
import { inLanguage } from '../http/messages'

/** The reset-code check, at /api/password-reset: the code travels in a body, never a URL. */
export function passwordResetRoutes({ auth, db }: { auth: Auth; db: Kysely<Tables> }) {
  return new Hono().post('/verify', jsonBody(ResetCodeCheckSchema, 4 * 1024), async (c) => {
    // The panel shows the reset form only for a code that is still valid (docs/using.md
    // "Password reset"), and for a recovery link the ways in the owner may keep. A spent, void
    // or unknown code is an answer, not a failure: 200 with valid false.
    const code = await readResetCode(await auth.$context, db, c.req.valid('json').code)
    if (code?.kind === 'recovery') {
      const recovery = await recoveryChoices(db, code.userId, code.recovery.email)
      return c.json({ valid: true, recovery } satisfies ResetCodeAnswer)
    }
    if (code !== null) return c.json({ valid: true } satisfies ResetCodeAnswer)
    return c.json({
      valid: false,
      message: inLanguage(answerLanguage(c), AUTH_MESSAGES.invalidResetLink),
    } satisfies ResetCodeAnswer)
  })
}
