import { sql, type Transaction } from 'kysely'
import type { PinResult } from '../../shared/plans'
import type { Database } from '../db/database'
import { preparedStatement } from '../db/prepared'
import type { Tables } from '../db/tables'
import { periodEnd, type PlanBook, type PlanRow } from '../plans/plan-book'
import type { BoardRefusal } from './folders-store'
import { boardTransaction, byPlace, keysAt, placeAfter, type Placed } from './order'

/** Rows of the user's likes, their pinned ones in their pinned order. */
const inPinnedOrder = (rows: readonly { anime_id: string; pin_key: string | null }[]): Placed[] =>
  rows
    .flatMap((row) => (row.pin_key === null ? [] : [{ id: row.anime_id, key: row.pin_key }]))
    .sort(byPlace)

/** The user's pinned titles, in their pinned order. */
async function pinnedIn(trx: Transaction<Tables>, uid: string): Promise<Placed[]> {
  return inPinnedOrder((await pinnedRows(trx, { uid })).rows)
}
const pinnedRows = preparedStatement(['uid'], (trx, { uid }) =>
  trx
    .selectFrom('likes')
    .select(['anime_id', 'pin_key'])
    .where('user_id', '=', uid)
    .where('pin_key', 'is not', null),
)

/**
 * The user's pinned likes and, pinned or not, the like of `animeId` (no row of its own: the
 * title is not on the board), in one statement: each half reads its own index.
 */
const pinnedAndLike = preparedStatement(['uid', 'animeId'], (trx, { uid, animeId }) =>
  trx
    .selectFrom('likes')
    .select(['anime_id', 'pin_key'])
    .where('user_id', '=', uid)
    .where('pin_key', 'is not', null)
    .unionAll(
      trx
        .selectFrom('likes')
        .select(['anime_id', 'pin_key'])
        .where('user_id', '=', uid)
        .where('anime_id', '=', animeId),
    ),
)

const rekeyPin = (trx: Transaction<Tables>, uid: string) => (row: Placed) =>
  writePinKey(trx, { uid, id: row.id, key: row.key })
const writePinKey = preparedStatement(['uid', 'id', 'key'], (trx, { uid, id, key }) =>
  trx
    .updateTable('likes')
    .set({ pin_key: key })
    .where('user_id', '=', uid)
    .where('anime_id', '=', id),
)

/** What the profile row holds of its plan and pins, read by the writes that change them. */
const PLAN_COLUMNS = ['plan', 'plan_until', 'used_pin_count', 'pin_reset_at'] as const

/**
 * Takes one of the period's pins, in one conditional UPDATE of the profile row: the database
 * decides, from the row as it is when written, whether a pin is left (a period over counts as
 * none used; the pins are those of the plan the row has then). A period over starts a new one
 * ending PIN_PERIOD_DAYS from now. The same UPDATE moves the board's version on: the pin changes
 * the pinned titles others see (boardTransaction's 'by-body'). An account with no profile row
 * yet has it made (free, no pin used) only when that UPDATE took nothing, and the pin tried
 * again, so a pin on an existing row is one statement. The row as written, or undefined when no
 * pin was left.
 */
function pinTaker(plans: PlanBook) {
  const statement = preparedStatement(['uid', 'now', 'periodEnd'], (trx, values) => {
    const over = sql<boolean>`(pin_reset_at is null or pin_reset_at <= ${values.now})`
    return trx
      .updateTable('profiles')
      .set({
        used_pin_count: sql`case when ${over} then 1 else used_pin_count + 1 end`,
        pin_reset_at: sql`case when ${over} then ${values.periodEnd} else pin_reset_at end`,
        board_version: sql`board_version + 1`,
      })
      .where('user_id', '=', values.uid)
      .where(
        sql<boolean>`(case when ${over} then 0 else used_pin_count end) < ${plans.pinsSql(values.now)}`,
      )
      .returning(PLAN_COLUMNS)
  })
  const take = async (trx: Transaction<Tables>, uid: string, now: Date) => {
    const values = { uid, now: now.toISOString(), periodEnd: periodEnd(now).toISOString() }
    return (await statement(trx, values)).rows[0]
  }
  return async (trx: Transaction<Tables>, uid: string, now: Date): Promise<PlanRow | undefined> => {
    const taken = await take(trx, uid, now)
    if (taken !== undefined) return taken
    await trx
      .insertInto('profiles')
      .values({ user_id: uid, updated_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute()
    return take(trx, uid, now)
  }
}

/**
 * The pins of one user's board (docs/api.md "Plans and pins"); every call names the session's
 * own user. Pinned titles keep their pins across a new period and a change of plan.
 */
export function pinsStore(database: Database, plans: PlanBook) {
  const takePin = pinTaker(plans)
  const allowanceIn = async (trx: Transaction<Tables>, uid: string, now: Date) => {
    const row = await trx
      .selectFrom('profiles')
      .select(PLAN_COLUMNS)
      .where('user_id', '=', uid)
      .executeTakeFirstOrThrow()
    return plans.allowance(row, now)
  }

  return {
    /**
     * Pins the liked title, right after the pinned title `after` (null: first; no place: last),
     * using one of the period's pins. A title pinned already stays where it is and uses none.
     * 'not-found' when the title, or the neighbour named, is not pinned on the user's board;
     * 'out-of-pins' when the period's pins are used.
     */
    pin: (
      uid: string,
      animeId: string,
      place?: { after: string | null },
    ): Promise<PinResult | BoardRefusal> =>
      boardTransaction(
        database,
        uid,
        async (trx) => {
          const now = new Date()
          const { rows } = await pinnedAndLike(trx, { uid, animeId })
          const like = rows.find((row) => row.anime_id === animeId)
          if (like === undefined) return 'not-found'
          // A title pinned already used a pin, which made the profile row.
          if (like.pin_key !== null) {
            return {
              id: animeId,
              pinKey: like.pin_key,
              allowance: await allowanceIn(trx, uid, now),
            }
          }
          const pinned = inPinnedOrder(rows)
          const index = place === undefined ? pinned.length - 1 : placeAfter(pinned, place.after)
          if (index === undefined) return 'not-found'
          const row = await takePin(trx, uid, now)
          if (row === undefined) return 'out-of-pins'
          const [key = ''] = await keysAt(pinned, index, 1, rekeyPin(trx, uid))
          await rekeyPin(trx, uid)({ id: animeId, key })
          return { id: animeId, pinKey: key, allowance: plans.allowance(row, now) }
        },
        'by-body',
      ),

    /** Moves a pinned title right after the pinned title `after` (null: first). */
    move: (
      uid: string,
      animeId: string,
      place: { after: string | null },
    ): Promise<{ id: string; pinKey: string } | BoardRefusal> =>
      boardTransaction(database, uid, async (trx) => {
        const pinned = await pinnedIn(trx, uid)
        if (!pinned.some((row) => row.id === animeId)) return 'not-found'
        const others = pinned.filter((row) => row.id !== animeId)
        const index = placeAfter(others, place.after)
        if (index === undefined) return 'not-found'
        const [key = ''] = await keysAt(others, index, 1, rekeyPin(trx, uid))
        await rekeyPin(trx, uid)({ id: animeId, key })
        return { id: animeId, pinKey: key }
      }),

    /** Unpins the title; the pin it used is not given back. False when it is not on the board. */
    unpin: (uid: string, animeId: string): Promise<boolean> =>
      boardTransaction(database, uid, async (trx) => {
        const changed = await trx
          .updateTable('likes')
          .set({ pin_key: null })
          .where('user_id', '=', uid)
          .where('anime_id', '=', animeId)
          .executeTakeFirst()
        return Number(changed.numUpdatedRows) === 1
      }),
  }
}

export type PinsStore = ReturnType<typeof pinsStore>
