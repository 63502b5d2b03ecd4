// zod/mini, not zod: the board and the Premium page load this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { PlaceSchema } from './board'

/**
 * Plans and pins (docs/api.md "Plans and pins"): the operator names the plans in configuration
 * (PLANS, docs/configuration.md), each granting pins a period and limits on the board. `free`
 * is always one of them; an account is on it unless the operator granted another
 * (`mofu users plan`), and goes back to it when that grant ends.
 */

export const FREE_PLAN = 'free'
/** Pins a period on `free` unless the operator configures otherwise. */
export const FREE_PINS_DEFAULT = 5
/** A period of pins: it starts with the first pin after the last one ended. */
export const PIN_PERIOD_DAYS = 30
/** The most pins a period any plan may grant. */
export const PINS_MAX = 10_000

/** A plan's name as configured and as profiles carry it: `free`, `premium`, `supporter-2026`. */
export const PLAN_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/

/** A plan as GET /api/plans answers it, in the order the operator configured them. */
export const PlanSchema = z.object({
  name: z.string(),
  /** What the plan is called, in English, and in Japanese when the operator gave one. */
  label: z.object({ en: z.string(), ja: z.optional(z.string()) }),
  /** Pins a period. */
  pins: z.number(),
  /** Folders the board may have at most. */
  folders: z.number(),
  /** Of those, how many may be public. */
  publicFolders: z.number(),
})
export type Plan = z.infer<typeof PlanSchema>

/**
 * How to get a plan on this site, as the operator wrote it (PREMIUM_TEXT, PREMIUM_URL): a text,
 * in Japanese too where given, and where it leads (an http(s) page or a mailto: address).
 */
export const PremiumHowToSchema = z.object({
  text: z.object({ en: z.string(), ja: z.optional(z.string()) }),
  url: z.string(),
})
export type PremiumHowTo = z.infer<typeof PremiumHowToSchema>

/** GET /api/plans: every plan, `free` first, and how to get one here (null: not said). */
export const PlansSchema = z.object({
  plans: z.array(PlanSchema),
  howTo: z.nullable(PremiumHowToSchema),
})
export type Plans = z.infer<typeof PlansSchema>

/**
 * An account's plan and its pins as of now, as every profile answer carries them: used goes
 * back to 0 and the reset to null once the period has ended, with nothing written meanwhile.
 */
export const PinAllowanceSchema = z.object({
  /** The plan the account is on now: `free` once a grant has ended. */
  plan: z.string(),
  /** When the grant ends, null for a plan without an end (and for free). */
  planUntil: z.nullable(z.string()),
  /** Pins this period, as the plan grants them. */
  pinCount: z.number(),
  /** Pins used this period; unpinning gives none back. */
  usedPinCount: z.number(),
  /** When this period ends, null until the first pin of the next one. */
  pinResetAt: z.nullable(z.string()),
})
export type PinAllowance = z.infer<typeof PinAllowanceSchema>

/**
 * PUT /api/me/likes/:id/pin's optional body: where the pin goes among the pinned titles, right
 * after the pinned title `after` (null: first). Without one it goes last.
 */
export const PinPutSchema = z.object({ place: z.optional(PlaceSchema) })

/** PATCH /api/me/likes/:id/pin: moves a pinned title right after the pinned title `after`. */
export const PinPatchSchema = z.object({ place: PlaceSchema })

/** PUT /api/me/likes/:id/pin's answer: the pinned title, and the pins left this period. */
export const PinResultSchema = z.object({
  /** The title's anime id. */
  id: z.string(),
  /** Its place among the pinned titles (a fractional index, as likes' orderKey). */
  pinKey: z.string(),
  allowance: PinAllowanceSchema,
})
export type PinResult = z.infer<typeof PinResultSchema>
