import type { Kysely } from 'kysely'
import { DEFAULT_LANGUAGE, isLanguage } from '../../shared/language'
import { FREE_PLAN, type Plan } from '../../shared/plans'
import type { Tables } from '../db/tables'
import type { Logger } from '../logger'
import type { Mailer } from '../mail/mailer'
import { planEndedMail } from '../mail/templates'
import { storedPreferences } from '../profiles/profile-store'
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
}

export interface PlanSweepDeps extends PlanGrantDeps {
  mailer: Mailer
  publicUrl: string
}

/** How often each instance looks for grants that have ended. */
const SWEEP_EVERY_MS = 60_000
/** Grants ended in one pass at most; the next pass takes the rest. */
const SWEEP_BATCH = 100

/**
 * Puts the account on `plan` until `until` (null: no end); `free` ends any grant now. Recorded
 * in the account's activity as the operator's. The pins used this period stay used.
 */
export async function grantPlan(
  deps: PlanGrantDeps,
  userId: string,
  plan: Plan,
  until: Date | null,
): Promise<void> {
  const now = new Date().toISOString()
  await deps.db
    .insertInto('profiles')
    .values({ user_id: userId, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute()
  await deps.db
    .updateTable('profiles')
    .set({
      plan: plan.name,
      plan_until: plan.name === FREE_PLAN || until === null ? null : until.toISOString(),
      updated_at: now,
    })
    .where('user_id', '=', userId)
    .execute()
  await securityEvents(deps.logger, deps.db)('plan.granted', { userId, by: 'operator' })
}

/**
 * Puts back on free every account whose grant ended by `now`, each exactly once whatever the
 * number of instances sweeping at the same moment: a conditional UPDATE names the grant as it
 * was read, and only the instance whose UPDATE changed the row records the end in the
 * account's activity and mails the owner. How many it ended.
 */
export async function endDuePlans(deps: PlanSweepDeps, now = new Date()): Promise<number> {
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
    const { language } = storedPreferences(grant.preferences) ?? {}
    const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE
    const label = deps.plans.named(grant.plan)?.label ?? { en: grant.plan }
    await deps.mailer
      .send(
        planEndedMail({
          to: grant.email,
          url: `${deps.publicUrl}/favorites`,
          language: lang,
          plan: (lang === 'ja' ? label.ja : undefined) ?? label.en,
        }),
      )
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, userId: grant.user_id }, 'plan end notice not sent')
      })
  }
  return ended
}

/** Sweeps now and then every minute; the returned function stops it. */
export function startPlanSweep(deps: PlanSweepDeps): () => void {
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
