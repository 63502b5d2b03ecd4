import { Hono } from 'hono'
import type { Plans, PremiumHowTo } from '../../shared/plans'
import type { PlanBook } from './plan-book'

/**
 * The plans the operator configured, at /api/plans (docs/api.md "Plans and pins"): what each
 * grants, `free` first, and how to get one on this site as the operator wrote it, for anyone
 * to read; the Premium page shows them side by side.
 */
export function planRoutes(plans: PlanBook, howTo: PremiumHowTo | null) {
  const answer: Plans = { plans: plans.list, howTo }
  return new Hono().get('/', (c) => c.json(answer))
}
