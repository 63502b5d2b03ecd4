import { pino } from 'pino'
import type { AccountAdminDeps } from '../../src/server/account/admin'
import { profileStore } from '../../src/server/stores/profile-store'
import type { TestApp } from './test-app'

/** What the operator's commands (`mofu users …`) act through, on a test app, logging nothing. */
export const adminDepsOf = (subject: TestApp): AccountAdminDeps => ({
  auth: subject.auth,
  db: subject.database.db,
  storage: subject.storage,
  profiles: profileStore(subject.database),
  logger: pino({ level: 'silent' }),
})
