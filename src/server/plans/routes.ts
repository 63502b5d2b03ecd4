import { Hono } from 'hono'
import type { Plans } from '../../shared/plans'
import type { PlanBook } from './plan-book'

/**
 * The plans the operator configured, at /api/plans (docs/api.md "Plans and pins"): what each
 * grants, `free` first, for anyone to read; the Premium page shows them side by side.
 */
export function planRoutes(plans: PlanBook) {
  const answer: Plans = { plans: plans.list }
  return new Hono().get('/', (c) => c.json(answer))
}
