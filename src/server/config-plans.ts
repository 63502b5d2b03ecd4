import { z } from 'zod'
import { FOLDERS_MAX } from '../shared/board'
import { FREE_PLAN, PINS_MAX, PLAN_NAME_PATTERN, type Plan } from '../shared/plans'
import { wholeNumber } from './config-variables'
import { DEFAULT_FREE_PLAN } from './plans/plan-book'

const planLabel = z
  .string({ message: 'expected a text of 1 to 40 characters' })
  .trim()
  .min(1, { message: 'expected a text of 1 to 40 characters' })
  .max(40, { message: 'expected a text of 1 to 40 characters' })

/**
 * One plan of PLANS. Only `free` may leave out its label (Free, フリー) and its pins (5); every
 * plan's folders default to the board's own limit, and its public folders to its folders (free's
 * to 5).
 */
const PlanEntrySchema = z
  .object(
    {
      name: z.string({ message: 'expected a name' }).regex(PLAN_NAME_PATTERN, {
        message: 'expected a name of lower-case letters, digits and -, such as premium',
      }),
      label: planLabel.optional(),
      labelJa: planLabel.optional(),
      pins: wholeNumber(PINS_MAX).optional(),
      folders: wholeNumber(FOLDERS_MAX).optional(),
      publicFolders: wholeNumber(FOLDERS_MAX).optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `expected only name, label, labelJa, pins, folders and publicFolders, not ${issue.keys.join(', ')}`
          : 'expected an object such as {"name":"premium","label":"Premium","pins":30}',
    },
  )
  .strict()
  .superRefine((entry, context) => {
    if (entry.name === FREE_PLAN) return
    if (entry.label === undefined)
      context.addIssue({ code: 'custom', path: ['label'], message: 'expected a label' })
    if (entry.pins === undefined)
      context.addIssue({ code: 'custom', path: ['pins'], message: 'expected a number of pins' })
  })
  .transform((entry): Plan => {
    const free = entry.name === FREE_PLAN ? DEFAULT_FREE_PLAN : undefined
    const folders = entry.folders ?? FOLDERS_MAX
    const labelJa = entry.labelJa ?? (entry.label === undefined ? free?.label.ja : undefined)
    return {
      name: entry.name,
      label: {
        en: entry.label ?? free?.label.en ?? entry.name,
        ...(labelJa === undefined ? {} : { ja: labelJa }),
      },
      pins: entry.pins ?? free?.pins ?? 0,
      folders,
      publicFolders: Math.min(entry.publicFolders ?? free?.publicFolders ?? folders, folders),
    }
  })

/** PLANS: a JSON list of plans, each name once (docs/configuration.md "Plans"). */
export const plansVariable = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown
    } catch {
      context.addIssue({ code: 'custom', message: 'expected a JSON list of plans' })
      return z.NEVER
    }
  })
  .pipe(
    z
      .array(PlanEntrySchema, { message: 'expected a JSON list of plans' })
      .max(20, { message: 'expected at most 20 plans' })
      .superRefine((plans, context) => {
        const seen = new Set<string>()
        for (const [index, plan] of plans.entries()) {
          if (seen.has(plan.name)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'name'],
              message: `expected each name once; ${plan.name} is there twice`,
            })
          }
          seen.add(plan.name)
        }
      }),
  )

/** The Premium page's how-to: a sentence or two, not a page of its own. */
export const premiumText = z
  .string()
  .max(500, { message: 'expected at most 500 characters' })
  .optional()
