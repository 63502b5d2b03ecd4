import type { Migration } from 'kysely'

export const migration: Migration = {
  // Pins and plans (plans/): a pinned like's place among its user's pinned titles (pin_key,
  // a fractional index, NULL when not pinned), and when an operator's grant of a plan ends
  // (plan_until, NULL for no end), indexed for each instance's sweep of the grants due.
  async up(db) {
    await db.schema.alterTable('likes').addColumn('pin_key', 'text').execute()
    await db.schema.alterTable('profiles').addColumn('plan_until', 'text').execute()
    await db.schema.createIndex('profiles_plan_until').on('profiles').column('plan_until').execute()
  },
}
