import { sql, type RawBuilder } from 'kysely'
import { FOLDERS_MAX, PUBLIC_FOLDERS_FREE } from '../../shared/board'
import {
  FREE_PINS_DEFAULT,
  FREE_PLAN,
  PIN_PERIOD_DAYS,
  type PinAllowance,
  type Plan,
} from '../../shared/plans'

/** `free` as it is unless the operator configures it (PLANS, docs/configuration.md). */
export const DEFAULT_FREE_PLAN: Plan = {
  name: FREE_PLAN,
  label: { en: 'Free', ja: 'フリー' },
  pins: FREE_PINS_DEFAULT,
  folders: FOLDERS_MAX,
  publicFolders: PUBLIC_FOLDERS_FREE,
}

const DAY_MS = 24 * 60 * 60 * 1000

/** What a profile row holds of its plan and its pins. */
export interface PlanRow {
  plan: string
  plan_until: string | null
  used_pin_count: number
  pin_reset_at: string | null
}

/**
 * The plans the operator configured, `free` first: what each grants, and what an account is on
 * at a given moment. A grant past its end counts as free from that moment, before any sweep has
 * written it (plan-grants.ts); a plan name the configuration no longer has counts as free too.
 */
export function planBook(configured: readonly Plan[] = []) {
  const free = configured.find((plan) => plan.name === FREE_PLAN) ?? DEFAULT_FREE_PLAN
  const list = [free, ...configured.filter((plan) => plan.name !== FREE_PLAN)]
  const byName = new Map(list.map((plan) => [plan.name, plan]))
  const ended = (row: Pick<PlanRow, 'plan_until'>, now: Date) =>
    row.plan_until !== null && row.plan_until <= now.toISOString()

  return {
    list,
    free,
    /** The plan of that name, or undefined when none is configured. */
    named: (name: string): Plan | undefined => byName.get(name),

    /** The plan the account is on at `now`. */
    current(row: Pick<PlanRow, 'plan' | 'plan_until'>, now = new Date()): Plan {
      return ended(row, now) ? free : (byName.get(row.plan) ?? free)
    },

    /** The account's plan and pins at `now`: used counts only while its period runs. */
    allowance(row: PlanRow, now = new Date()): PinAllowance {
      const plan = ended(row, now) ? free : (byName.get(row.plan) ?? free)
      const running = row.pin_reset_at !== null && row.pin_reset_at > now.toISOString()
      return {
        plan: plan.name,
        planUntil: plan === free ? null : row.plan_until,
        pinCount: plan.pins,
        usedPinCount: running ? Number(row.used_pin_count) : 0,
        pinResetAt: running ? row.pin_reset_at : null,
      }
    },

    /**
     * The pins a period of the profile row's plan at `now` (ISO 8601 text), as SQL over the row being written:
     * a pin is judged against the plan the row has when the database writes it, so a grant
     * ending at the same moment can never let it count against the plan before. The numbers
     * are written as literals (whole numbers the configuration checked): PostgreSQL reads a
     * CASE of parameters alone as text.
     */
    pinsSql(now: string): RawBuilder<number> {
      const cases = list
        .filter((plan) => plan !== free)
        .map((plan) => sql`when plan = ${plan.name} then ${sql.lit(plan.pins)}`)
      return sql<number>`(case when plan_until is not null and plan_until <= ${now} then ${sql.lit(free.pins)} ${sql.join(cases, sql` `)} else ${sql.lit(free.pins)} end)`
    },
  }
}

export type PlanBook = ReturnType<typeof planBook>

/** When a pin period starting at `now` ends. */
export const periodEnd = (now: Date) => new Date(now.getTime() + PIN_PERIOD_DAYS * DAY_MS)
