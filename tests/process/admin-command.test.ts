import { spawn } from 'node:child_process'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cookiesOf, overHttp } from '../support/api'
import { MOFU, runMofu, securityEvents, type MofuResult } from '../support/mofu-command'
import { PACKAGE_VERSION } from '../support/package-version'
import { startServer, type ServerProcess } from '../support/server-process'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture'
import { createTestDatabase, type TestDatabase } from '../support/test-database'
import { createTestUser, putAvatar, TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * The built `mofu` command against the built server, on each database: the same environment,
 * the operator's view of accounts and what users then see over HTTP.
 */

const DISABLED = { code: 'ACCOUNT_DISABLED', message: 'This account has been disabled.' }
/** Each run of the command is a Node process start (about 1 s idle, several on a busy machine). */
const SLOW = 120_000

/**
 * `mofu ...args` on a terminal: util-linux's `script` gives it one, and types `answer` into it.
 * Its output is the terminal's, stdout and stderr together.
 */
function onTerminal(env: Record<string, string>, args: readonly string[], answer: string) {
  const line = [process.execPath, MOFU, ...args].map((word) => `'${word}'`).join(' ')
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('script', ['-qec', line, '/dev/null'], { env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, output }))
    child.stdin.end(`${answer}\n`)
  })
}

describe.each(['sqlite', 'postgres'] as const)('mofu on %s', (dialect) => {
  let database: TestDatabase
  let smtp: SmtpCapture
  let server: ServerProcess
  let users = 0
  const mofu = (...args: string[]) => runMofu(server.env, args)
  const newUser = async (tag: string): Promise<TestUser> =>
    createTestUser(overHttp(server.url), smtp, {
      email: `${tag}-${Date.now()}-${++users}@mofu.test`,
      ip: `10.70.${users}.${dialect === 'sqlite' ? 1 : 2}`,
    })
  const json = (result: MofuResult) => JSON.parse(result.stdout) as Record<string, unknown>
  const post = (path: string, ip: string, body: unknown) =>
    fetch(`${server.url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': ip },
      body: JSON.stringify(body),
    })
  const signIn = (user: Pick<TestUser, 'email' | 'ip'>, password = TEST_PASSWORD) =>
    post('/sign-in/email', user.ip, { email: user.email, password })
  const profileStatus = async (cookie: string) =>
    (await fetch(`${server.url}/api/me/profile`, { headers: { Cookie: cookie } })).status

  beforeAll(async () => {
    ;[database, smtp] = await Promise.all([createTestDatabase(dialect), startSmtpCapture()])
    server = await startServer({
      env: {
        DATABASE_URL: database.url,
        SMTP_URL: smtp.url,
        TRUST_PROXY: 'true',
        PLANS: JSON.stringify([
          { name: 'premium', label: 'Premium', labelJa: 'プレミアム', pins: 30, publicFolders: 20 },
        ]),
      },
    })
  }, 60_000)

  afterAll(async () => {
    await server?.dispose()
    await Promise.all([database?.drop(), smtp?.close()])
  }, SLOW)

  it(
    'users disable ends the sessions at once and refuses sign-in; enable lets it back',
    async () => {
      const user = await newUser('disable')
      expect(await profileStatus(user.cookie)).toBe(200)

      const disabled = await mofu('users', 'disable', user.email, '--reason', 'spam')
      expect(disabled.code).toBe(0)
      expect(disabled.stdout).toContain(`Disabled ${user.email}`)
      expect(securityEvents(disabled)).toEqual([
        expect.objectContaining({ event: 'account.disabled', userId: user.uid, by: 'operator' }),
      ])
      expect(await profileStatus(user.cookie)).toBe(401)
      const refused = await signIn(user)
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject(DISABLED)

      const found = json(await mofu('users', 'find', user.email, '--json'))
      expect(found).toMatchObject({ id: user.uid, disabled: { reason: 'spam' } })

      const enabled = await mofu('users', 'enable', user.uid)
      expect(enabled.code).toBe(0)
      expect(securityEvents(enabled)).toEqual([
        expect.objectContaining({ event: 'account.enabled', userId: user.uid, by: 'operator' }),
      ])
      expect((await signIn(user)).status).toBe(200)
      expect(json(await mofu('users', 'find', user.uid, '--json'))).toMatchObject({
        disabled: null,
      })
    },
    SLOW,
  )

  it(
    'users delete removes profile, avatar, sessions; the handle stays reserved for 30 days',
    async () => {
      const user = await newUser('delete')
      const handle = `gone${Date.now().toString(36)}`
      const saved = await fetch(`${server.url}/api/me/profile`, {
        method: 'PATCH',
        headers: { Cookie: user.cookie, 'Content-Type': 'application/json', Origin: server.url },
        body: JSON.stringify({ name: 'Gone', handle }),
      })
      expect(saved.status).toBe(200)
      const image = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#ffb7c5' },
      })
        .jpeg()
        .toBuffer()
      const put = await putAvatar(overHttp(server.url), user.cookie, image)
      const { avatar } = (await put.json()) as { avatar: string }
      expect((await fetch(avatar)).status).toBe(200)

      const found = json(await mofu('users', 'find', `@${handle}`, '--json'))
      expect(found).toMatchObject({ id: user.uid, email: user.email, handle, verified: true })
      expect(found.lastSeen).toEqual(expect.any(String))

      // Without a terminal to ask on and without --yes, it refuses at once and deletes nothing.
      const refused = await mofu('users', 'delete', user.uid)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(
        'mofu: users delete asks for confirmation on a terminal; without one, add --yes to delete.',
      )
      expect(refused.stdout).toBe('')
      expect(securityEvents(refused)).toEqual([])
      expect(await profileStatus(user.cookie)).toBe(200)

      // The results alone on stdout, one JSON document; the security event on stderr.
      const deleted = await mofu('users', 'delete', user.uid, '--yes', '--json')
      expect(deleted.code).toBe(0)
      expect(JSON.parse(deleted.stdout)).toEqual({
        id: user.uid,
        email: user.email,
        deleted: true,
      })
      expect(securityEvents(deleted)).toEqual([
        expect.objectContaining({ event: 'account.deleted', userId: user.uid, by: 'operator' }),
      ])
      expect(await profileStatus(user.cookie)).toBe(401)
      expect((await fetch(`${server.url}/api/profiles/${handle}`)).status).toBe(404)
      expect((await fetch(avatar)).status).toBe(404)
      const check = await fetch(`${server.url}/api/handles/${handle}`)
      expect(await check.json()).toMatchObject({ available: false })
      const gone = await mofu('users', 'find', user.email)
      expect(gone.code).toBe(1)
      expect(gone.stderr).toContain(`No account with e-mail ${user.email}.`)
    },
    SLOW,
  )

  it(
    'users create mails an invitation to choose a password; users list shows the account',
    async () => {
      const email = `created-${Date.now()}@mofu.test`
      const created = await mofu('users', 'create', email, '--verified', '--json')
      expect(created.code).toBe(0)
      const { id } = json(created)
      const mail = await smtp.waitForMail(email, { subject: /invited/i })
      expect(mail.subject).toBe('You are invited to Mofu')
      expect(mail.text).toContain('An account on Mofu was made for this e-mail address.')
      expect(mail.text).toContain('This link is valid for 72 hours.')
      expect(mail.text?.replace(/https?:\/\/\S+/g, '')).not.toMatch(/reset/i)
      const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '')
      const token = link.searchParams.get('oobCode') ?? ''
      const reset = await post('/reset-password', '10.71.0.1', {
        token,
        newPassword: 'chosen-by-the-user-7',
      })
      expect(reset.status).toBe(200)
      const signedIn = await signIn({ email, ip: '10.71.0.1' }, 'chosen-by-the-user-7')
      expect(signedIn.status).toBe(200)

      const listed = await mofu('users', 'list', '--json')
      expect(JSON.parse(listed.stdout)).toContainEqual(
        expect.objectContaining({ id, email, verified: true, disabled: null }),
      )
      const human = await mofu('users', 'list')
      expect(human.stdout).toMatch(/^ID +E-MAIL +VERIFIED +HANDLE +CREATED +LAST SEEN +DISABLED$/m)
      expect(human.stdout).toMatch(new RegExp(`^${String(id)} +${email} +yes +`, 'm'))
      // Never a password hash or a session token, in any output.
      const cookie = cookiesOf(signedIn.headers)
      const token64 = decodeURIComponent(/=([^.;]+)/.exec(cookie)?.[1] ?? 'none')
      for (const output of [created, listed, human]) {
        expect(output.stdout + output.stderr).not.toMatch(/scrypt|\$[0-9a-z]+\$|[0-9a-f]{64}/)
        expect(output.stdout + output.stderr).not.toContain(token64)
      }
      expect((await mofu('users', 'create', email)).code).toBe(1)
    },
    SLOW,
  )

  it(
    'users plan puts the account on a plan for good or until a date and mails the owner; a plan not in PLANS is a usage error',
    async () => {
      const user = await newUser('plan')
      const allowance = async () =>
        (await (
          await fetch(`${server.url}/api/me/profile`, { headers: { Cookie: user.cookie } })
        ).json()) as { plan: string; planUntil: string | null; pinCount: number }

      const granted = await mofu('users', 'plan', user.email, 'premium')
      expect(granted.code).toBe(0)
      expect(granted.stdout).toContain(
        `${user.email} (${user.uid}) is on premium. A mail tells the owner.`,
      )
      expect(securityEvents(granted)).toEqual([
        expect.objectContaining({ event: 'plan.granted', userId: user.uid, by: 'operator' }),
      ])
      expect(await allowance()).toMatchObject({ plan: 'premium', planUntil: null, pinCount: 30 })
      const mail = await smtp.waitForMail(user.email, { subject: /Premium plan/ })
      expect(mail.subject).toBe('You are on the Premium plan on Mofu')
      expect(mail.text).toContain(`${server.url}/premium`)

      const until = json(
        await mofu('users', 'plan', user.uid, 'premium', '--until', '2099-12-31', '--json'),
      )
      expect(until).toEqual({
        id: user.uid,
        email: user.email,
        plan: 'premium',
        until: '2100-01-01T00:00:00.000Z',
        mailSent: true,
      })
      expect(await allowance()).toMatchObject({
        plan: 'premium',
        planUntil: '2100-01-01T00:00:00.000Z',
      })

      const unknown = await mofu('users', 'plan', user.email, 'gold')
      expect(unknown.code).toBe(2)
      expect(unknown.stderr).toContain('No plan named gold: expected one of free, premium (PLANS).')
      expect((await allowance()).plan).toBe('premium')
    },
    SLOW,
  )

  it(
    'users create --language ja mails the invitation in Japanese',
    async () => {
      const email = `invited-ja-${Date.now()}@mofu.test`
      const created = await mofu('users', 'create', email, '--language', 'ja')
      expect(created.code).toBe(0)
      expect(created.stdout).toContain('An invitation to choose a password is on its way.')
      const mail = await smtp.waitForMail(email, { subject: /招待/ })
      expect(mail.subject).toBe('Mofuへのご招待')
      expect(mail.text).toContain('このメールアドレスでMofuのアカウントが作成されました。')
      expect(mail.raw).toMatch(/^Content-Language: ja\r?$/m)
      const wrong = await mofu(
        'users',
        'create',
        `invited-fr-${Date.now()}@mofu.test`,
        '--language',
        'fr',
      )
      expect(wrong.code).toBe(2)
      expect(wrong.stderr).toContain('expected --language en or ja')
    },
    SLOW,
  )

  it(
    'users delete on a terminal asks first: no keeps the account, yes deletes it',
    async () => {
      const user = await newUser('asked')
      const question = `Delete ${user.email} (${user.uid}) for good, with its profile, avatar and sessions? [y/N]`
      const kept = await onTerminal(server.env, ['users', 'delete', user.email], 'n')
      expect(kept.output).toContain(question)
      expect(kept.output).toContain(`mofu: Nothing deleted: ${user.email} is kept.`)
      expect(kept.code).toBe(1)
      expect(await profileStatus(user.cookie)).toBe(200)

      const deleted = await onTerminal(server.env, ['users', 'delete', user.email], 'yes')
      expect(deleted.output).toContain(question)
      expect(deleted.output).toContain(`Deleted ${user.email} (${user.uid}).`)
      expect(deleted.code).toBe(0)
      expect(await profileStatus(user.cookie)).toBe(401)
    },
    SLOW,
  )

  it(
    'users verify lets an unverified address sign in; purge-unverified deletes the rest',
    async () => {
      const waiting = { email: `waiting-${Date.now()}@mofu.test`, ip: '10.72.0.1' }
      const stale = { email: `stale-${Date.now()}@mofu.test`, ip: '10.72.0.2' }
      for (const user of [waiting, stale]) {
        const signedUp = await post('/sign-up/email', user.ip, {
          email: user.email,
          password: TEST_PASSWORD,
          name: '',
        })
        expect(signedUp.status).toBe(200)
      }
      expect((await signIn(waiting)).status).toBe(403)
      const verified = await mofu('users', 'verify', waiting.email)
      expect(verified.code).toBe(0)
      expect((await signIn(waiting)).status).toBe(200)

      expect(json(await mofu('purge-unverified', '--json'))).toEqual({
        deleted: 0,
        olderThan: '7d',
      })
      const purged = await mofu('purge-unverified', '--older-than', '0m', '--json')
      expect(json(purged).deleted).toBeGreaterThanOrEqual(1)
      expect((await mofu('users', 'find', stale.email)).code).toBe(1)
      expect((await mofu('users', 'find', waiting.email)).code).toBe(0)
    },
    SLOW,
  )

  it(
    'outbox list and show read the mail written while SMTP_URL is unset',
    async () => {
      const outboxEnv = { ...server.env, SMTP_URL: '' }
      const email = `outbox-${Date.now()}@mofu.test`
      expect((await runMofu(outboxEnv, ['users', 'create', email])).code).toBe(0)
      const listed = await runMofu(outboxEnv, ['outbox', 'list', '--json'])
      const mails = JSON.parse(listed.stdout) as { file: string; to: string; subject: string }[]
      const mail = mails.find((entry) => entry.to === email)
      expect(mail?.subject).toBe('You are invited to Mofu')
      const shown = await runMofu(outboxEnv, ['outbox', 'show', mail?.file ?? ''])
      expect(shown.code).toBe(0)
      expect(shown.stdout).toContain(`To:      ${email}`)
      expect(shown.stdout).toMatch(
        new RegExp(`^${server.url.replaceAll('.', '\\.')}/account/reset\\?oobCode=\\S+$`, 'm'),
      )
      expect((await runMofu(outboxEnv, ['outbox', 'show', '../mofu.db'])).code).toBe(2)
      expect((await runMofu(outboxEnv, ['outbox', 'show', 'missing.eml'])).code).toBe(1)
    },
    SLOW,
  )

  // The command line and its help never reach the database: checked once, on SQLite.
  if (dialect === 'sqlite') {
    it(
      'answers a wrong command line with exit code 2, has --help for every command, and --version',
      async () => {
        const [overview, version, ...wrong] = await Promise.all([
          mofu('--help'),
          mofu('--version'),
          mofu(),
          mofu('users', 'frobnicate'),
          mofu('users', 'disable'),
          mofu('users', 'disable', 'not-an-address@'),
          mofu('users', 'list', '--colour'),
          mofu('purge-unverified', '--older-than', 'soon'),
        ])
        expect(wrong.map((result) => result.code)).toEqual([2, 2, 2, 2, 2, 2])
        expect(overview.code).toBe(0)
        expect(version).toMatchObject({ code: 0, stdout: `${PACKAGE_VERSION}\n` })
        const usages = [...overview.stdout.matchAll(/^ {2}mofu ([a-z-]+(?: [a-z]+)?)/gm)].map(
          (match) => match[1] ?? '',
        )
        expect(usages).toEqual([
          'users list',
          'users find',
          'users disable',
          'users enable',
          'users recover',
          'users delete',
          'users plan',
          'users verify',
          'users create',
          'purge-unverified',
          'outbox list',
          'outbox show',
          'backup',
          'restore',
          'catalog import',
          'catalog status',
        ])
        // A few at a time: each is a whole Node process on a machine that may be busy.
        for (let start = 0; start < usages.length; start += 4) {
          const group = usages.slice(start, start + 4)
          const helped = await Promise.all(
            group.map((usage) => mofu(...usage.split(' '), '--help')),
          )
          helped.forEach((help, index) => {
            expect(help.code).toBe(0)
            expect(help.stdout).toMatch(new RegExp(`^Usage: mofu ${group[index] ?? ''}`))
          })
        }
      },
      SLOW,
    )
  }
})
