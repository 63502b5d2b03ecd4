import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'
import { callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { TEST_AUTH_SECRET } from '../support/test-app'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'
import { turnOnTwoFactor } from '../support/two-factor-flow'

/**
 * Backup codes are kept hashed (docs/using.md "Two-factor authentication"): a copy of the database,
 * even with the auth secret beside it, yields none, and each code still signs in once.
 */

const file = appWithMail('backup-codes')

/** A user with two-factor on, and the backup codes shown when it was turned on. */
async function withTwoFactor(): Promise<TestUser & { backupCodes: string[] }> {
  const user = await file.createUser()
  const { cookie, backupCodes } = await turnOnTwoFactor(file.subject.app, user)
  return { ...user, cookie, backupCodes }
}

const storedCodes = async (uid: string) =>
  (await file.subject.database.db
    .selectFrom('twoFactor' as never)
    .select('backupCodes' as never)
    .where('userId' as never, '=', uid as never)
    .executeTakeFirstOrThrow()) as { backupCodes: string }

const withBackupCode = async (user: TestUser, code: string) => {
  const signedIn = await callAuth(file.subject.app, '/sign-in/email', {
    ip: user.ip,
    body: { email: user.email, password: TEST_PASSWORD },
  })
  return callAuth(file.subject.app, '/two-factor/verify-backup-code', {
    ip: user.ip,
    cookie: signedIn.cookie,
    body: { code },
  })
}

// Each test waits for a fresh TOTP step and hashes several passwords and codes.
describe('backup codes', { timeout: 60_000 }, () => {
  it('are stored so that the database and the auth secret together yield none', async () => {
    const user = await withTwoFactor()
    expect(user.backupCodes).toHaveLength(10)
    const { backupCodes: stored } = await storedCodes(user.uid)
    const decrypted = await symmetricDecrypt({ key: TEST_AUTH_SECRET, data: stored }).catch(
      () => '',
    )
    for (const code of user.backupCodes) {
      expect(stored).not.toContain(code)
      expect(decrypted).not.toContain(code)
    }
  })

  it('each sign in once, a wrong one is refused, and one turns two-factor off', async () => {
    const user = await withTwoFactor()
    const [first = '', second = ''] = user.backupCodes
    expect((await withBackupCode(user, first)).status).toBe(200)
    const reused = await withBackupCode(user, first)
    expect(reused.status).toBe(401)
    expect(reused.json.code).toBe('INVALID_BACKUP_CODE')
    expect((await withBackupCode(user, 'AAAAA-BBBBB')).status).toBe(401)

    const off = await callAuth(file.subject.app, '/two-factor/disable', {
      ip: user.ip,
      cookie: user.cookie,
      body: { code: second, password: TEST_PASSWORD },
    })
    expect(off.status).toBe(200)
  })

  it('stored encrypted by an earlier release still sign in, and are hashed on first use', async () => {
    const user = await withTwoFactor()
    const legacy = await symmetricEncrypt({
      key: TEST_AUTH_SECRET,
      data: JSON.stringify(user.backupCodes),
    })
    await file.subject.database.db
      .updateTable('twoFactor' as never)
      .set({ backupCodes: legacy } as never)
      .where('userId' as never, '=', user.uid as never)
      .execute()
    const [first = '', second = ''] = user.backupCodes
    expect((await withBackupCode(user, first)).status).toBe(200)
    const { backupCodes: stored } = await storedCodes(user.uid)
    expect(stored).not.toBe(legacy)
    for (const code of user.backupCodes) expect(stored).not.toContain(code)
    expect((await withBackupCode(user, first)).status).toBe(401)
    expect((await withBackupCode(user, second)).status).toBe(200)
  })
})
