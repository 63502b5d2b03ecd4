import type { TestApp } from './test-app'

/**
 * What 30 days do to the limit on changes of handle: no change made so far counts any more,
 * while every release stays as it is. For tests of other rules whose users change handles more
 * often than the limit allows; the limit itself is released-handles.test.ts's.
 */
export async function forgetHandleChanges(subject: Pick<TestApp, 'database'>) {
  await subject.database.db.deleteFrom('handle_changes').execute()
}
