import { z } from 'zod'
import { FREE_PLAN } from '../../shared/plans'
import { planBook } from '../plans/plan-book'
import { grantPlan } from '../plans/plan-grants'
import { parseInput, UsageError, type Command } from './command'
import { idOrEmail, mustFind, USER_REF } from './user-refs'

/**
 * When a plan ends: a day means the end of that day in UTC (the plan lasts through it), a
 * moment is taken as it is.
 */
const UntilSchema = z.union(
  [
    z.iso.date().transform((day) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000)),
    z.iso.datetime({ offset: true }).transform((moment) => new Date(moment)),
  ],
  { message: '--until: expected a day like 2026-12-31 or a moment like 2026-12-31T15:00:00Z' },
)

/** `mofu users plan`: which plan an account is on, and until when. */
export const userPlanCommand: Command = {
  name: ['users', 'plan'],
  args: `${USER_REF} <plan> [--until DATE]`,
  summary: 'Puts the account on a plan of PLANS, for good or until a date.',
  details: [
    '--until takes a day (2026-12-31: the plan lasts through that day, UTC) or a moment',
    '(2026-12-31T15:00:00Z). A mail tells the owner of the plan and its end. At its end the',
    'account goes back to free by itself: its activity records it and a mail tells the owner.',
    "'free' ends a plan now. Nothing over a lower plan's limits is deleted: it stays, and no",
    'new folders or pins are made until under.',
  ],
  options: { until: { type: 'string' } },
  positionals: 2,
  async run(context, [input, name = ''], values) {
    const plans = planBook(context.config.plans)
    const plan = plans.named(name)
    if (plan === undefined) {
      throw new UsageError(
        `No plan named ${name}: expected one of ${plans.list.map((known) => known.name).join(', ')} (PLANS).`,
      )
    }
    const until = values.until === undefined ? null : parseInput(UntilSchema, values.until)
    if (until !== null && plan.name === FREE_PLAN) {
      throw new UsageError('free has no end: leave out --until.')
    }
    if (until !== null && until.getTime() <= Date.now()) {
      throw new UsageError('--until: expected a date in the future.')
    }
    const user = await mustFind(context, idOrEmail(input))
    const { database, mailer } = await context.services()
    const { mailed } = await grantPlan(
      {
        db: database.db,
        logger: context.logger,
        plans,
        mailer,
        publicUrl: context.config.publicUrl,
      },
      user.id,
      plan,
      until,
    )
    const end = until === null ? '' : ` until ${until.toISOString()}`
    const notice =
      plan.name === FREE_PLAN
        ? ''
        : mailed
          ? ' A mail tells the owner.'
          : ' The mail to the owner was not sent.'
    context.print(
      plan.name === FREE_PLAN
        ? `${user.email} (${user.id}) is on free.`
        : `${user.email} (${user.id}) is on ${plan.name}${end}.${notice}`,
      {
        id: user.id,
        email: user.email,
        plan: plan.name,
        until: until?.toISOString() ?? null,
        mailSent: mailed,
      },
    )
  },
}
