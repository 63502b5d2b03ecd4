import type { Migration } from 'kysely'

export const migration: Migration = {
  // The version of each user's board, which every write to it moves on (board/order.ts): a
  // page drawn from the board, /@handle, is kept drawn until it moves. Profiles already there
  // start at 0, as a profile made later does.
  async up(db) {
    await db.schema
      .alterTable('profiles')
      .addColumn('board_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  },
}
