import type { Kysely } from 'kysely'
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../shared/language'
import { FREE_PLAN, type Plan } from '../../shared/plans'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { planEndedMail, planGrantedMail } from '../mail/templates'
import { storedPreferences } from '../stores/profile-store'
import { securityEvents } from '../security-events'
import type { PlanBook } from './plan-book'

/**
 * Grants of plans (docs/administration.md "Plans"): the operator puts an account on a plan,
 * for good or until a moment (`mofu users plan`), and every instance's sweep puts it back on
 * free once that moment has passed. What the account has over the limits of its new plan stays.
 */

export interface PlanGrantDeps {
  db: Kysely<Tables>
  logger: Logger
  plans: PlanBook
  mailer: Mailer
  publicUrl: string
}

/** How often each instance looks for grants that have ended. */
const SWEEP_EVERY_MS = 60_000
/** Grants ended in one pass at most; the next pass takes the rest. */
const SWEEP_BATCH = 100

/**
 * Puts the account on `plan` until `until` (null: no end); `free` ends any grant now. Recorded
 * in the account's activity as the operator's, and a plan other than free is mailed to the
 * owner with its end. The pins used this period stay used. Whether that mail went out: the
 * grant stands either way.
 */
export async function grantPlan(
  deps: PlanGrantDeps,
  userId: string,
  plan: Plan,
  until: Date | null,
): Promise<{ mailed: boolean }> {
  const now = new Date().toISOString()
  const end = plan.name === FREE_PLAN ? null : until
  await deps.db
    .insertInto('profiles')
    .values({ user_id: userId, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
  await deps.db
    .updateTable('profiles')
    .set({ plan: plan.name, plan_until: end?.toISOString() ?? null, updated_at: now })
    .where('user_id', '=', userId)
    .execute()
  await securityEvents(deps.logger, deps.db)('plan.granted', { userId, by: 'operator' })
  if (plan.name === FREE_PLAN) return { mailed: false }
  const owner = await deps.db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.user_id')
    .select(['profiles.preferences', 'user.email'])
    .where('profiles.user_id', '=', userId)
    .executeTakeFirstOrThrow()
  const language = languageOf(owner.preferences)
  try {
    await deps.mailer.send(
      planGrantedMail({
        to: owner.email,
        url: `${deps.publicUrl}/premium`,
        language,
        plan: labelIn(plan.label, language),
        until: end,
      }),
    )
    return { mailed: true }
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'plan grant notice not sent')
    return { mailed: false }
  }
}

/** The language the owner chose for Mofu, which its mails are written in. */
function languageOf(preferences: string | null): Language {
  const { language } = storedPreferences(preferences) ?? {}
  return isLanguage(language) ? language : DEFAULT_LANGUAGE
}

/** A plan's label in `language`, its English where the operator gave no other. */
const labelIn = (label: Plan['label'], language: Language) =>
  (language === 'ja' ? label.ja : undefined) ?? label.en

/**
 * Puts back on free every account whose grant ended by `now`, each exactly once whatever the
 * number of instances sweeping at the same moment: a conditional UPDATE names the grant as it
 * was read, and only the instance whose UPDATE changed the row records the end in the
 * account's activity and mails the owner. How many it ended.
 */
export async function endDuePlans(deps: PlanGrantDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectFrom('profiles')
    .innerJoin('user', 'user.id', 'profiles.user_id')
    .select([
      'profiles.user_id',
      'profiles.plan',
      'profiles.plan_until',
      'profiles.preferences',
      'user.email',
    ])
    .where('profiles.plan_until', '<=', now.toISOString())
    .orderBy('profiles.plan_until')
    .limit(SWEEP_BATCH)
    .execute()
  let ended = 0
  for (const grant of due) {
    const changed = await deps.db
      .updateTable('profiles')
      .set({ plan: FREE_PLAN, plan_until: null, updated_at: now.toISOString() })
      .where('user_id', '=', grant.user_id)
      .where('plan', '=', grant.plan)
      .where('plan_until', '=', grant.plan_until)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) continue
    ended += 1
    await securityEvents(deps.logger, deps.db)('plan.ended', { userId: grant.user_id })
    const lang = languageOf(grant.preferences)
    const label = deps.plans.named(grant.plan)?.label ?? { en: grant.plan }
    await deps.mailer
      .send(
        planEndedMail({
          to: grant.email,
          url: `${deps.publicUrl}/favorites`,
          language: lang,
          plan: labelIn(label, lang),
        }),
      )
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, userId: grant.user_id }, 'plan end notice not sent')
      })
  }
  return ended
}

/** Sweeps now and then every minute; the returned function stops it. */
export function startPlanSweep(deps: PlanGrantDeps): () => void {
  const sweep = () => {
    endDuePlans(deps).then(
      (ended) => {
        if (ended > 0) deps.logger.info({ ended }, 'plans ended: accounts back on free')
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'could not end the plans due'),
    )
  }
  sweep()
  const timer = setInterval(sweep, SWEEP_EVERY_MS)
  timer.unref()
  return () => clearInterval(timer)
}
