import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { ActivityPage } from '../../src/shared/security-activity'
import type { SessionList } from '../../src/shared/sessions'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD, type TestUser } from '../support/test-users'

/**
 * What Mofu shows of a User-Agent header (docs/email-and-activity.md "What is protected and what
 * is not"): the names of known browsers and systems only, in the activity list, the sessions
 * list, the data export and every notice mail. Anything else a client writes there is an
 * unknown browser, never text in Mofu's own voice.
 */

const SCAM = 'Mofu Security - call +1-555-0100 now to keep this account/1.0 (X11; Linux x86_64)'
const SCAM_TEXT = /555-0100|call|Security/
const file = appWithMail('uanames')

const signIn = (user: TestUser, password: string, headers: Record<string, string> = {}) =>
  callAuth(file.subject.app, '/sign-in/email', {
    ip: user.ip,
    body: { email: user.email, password },
    headers: { 'User-Agent': SCAM, ...headers },
  })

async function activityOf(cookie: string): Promise<ActivityPage> {
  const response = await callApp(file.subject.app, '/api/me/activity', { cookie })
  expect(response.status).toBe(200)
  return response.json as ActivityPage
}

async function exportOf(cookie: string): Promise<string> {
  const response = await callApp(file.subject.app, '/api/me/export', { cookie })
  expect(response.status).toBe(200)
  const files = unzipSync(new Uint8Array(response.bytes))
  return new TextDecoder().decode(files['mofu-data.json'])
}

describe('browser names from a User-Agent header', () => {
  it('shows a failed sign-in from a made-up browser as an unknown browser in the activity', async () => {
    const user = await file.createUser()
    expect((await signIn(user, 'wrong-password')).status).toBe(401)

    const [failed] = (await activityOf(user.cookie)).events
    expect(failed).toMatchObject({ event: 'sign-in.failed', browser: null, system: 'Linux' })
  })

  it('names no made-up browser in the sessions list or the data export', async () => {
    const user = await file.createUser()
    const signedIn = await signIn(user, TEST_PASSWORD)
    expect(signedIn.status).toBe(200)
    const { cookie } = signedIn

    const sessions = await callApp(file.subject.app, '/api/me/sessions', { cookie })
    const { sessions: listed } = sessions.json as SessionList
    expect(listed.find((session) => session.thisDevice)).toMatchObject({
      browser: null,
      system: 'Linux',
    })
    expect(JSON.stringify(listed)).not.toMatch(SCAM_TEXT)

    const data = await exportOf(cookie)
    expect(data).not.toMatch(SCAM_TEXT)
    const exported = JSON.parse(data) as { sessions: { thisDevice: boolean }[] }
    expect(exported.sessions.find((session) => session.thisDevice)).toMatchObject({
      browser: null,
      system: 'Linux',
    })
  })

  it('shows no text stored before names were checked, in the activity or the export', async () => {
    const user = await file.createUser()
    await file.subject.database.db
      .insertInto('security_activity')
      .values({
        id: `stored-${user.uid}`,
        user_id: user.uid,
        event: 'sign-in.failed',
        at: new Date().toISOString(),
        method: null,
        browser: 'Mofu Security - call +1-555-0100 now to keep this account 1',
        system: 'Linux - call +1-555-0100',
        network: null,
        session_id: null,
      })
      .execute()

    const entry = (await activityOf(user.cookie)).events.find((e) => e.id === `stored-${user.uid}`)
    expect(entry).toMatchObject({ browser: null, system: null })
    expect(await exportOf(user.cookie)).not.toMatch(SCAM_TEXT)
  })

  it('names a made-up browser as an unknown one in the new sign-in mail', async () => {
    const user = await file.createUser()
    await file.smtp.waitForMail(user.email, { subject: /new sign-in/i })
    file.smtp.clear()
    expect((await signIn(user, TEST_PASSWORD)).status).toBe(200)

    const notice = await file.smtp.waitForMail(user.email, { subject: /new sign-in/i })
    expect(notice.text).toContain('from an unknown browser on Linux, a browser it had not used')
    expect(`${notice.text}${notice.html}`).not.toMatch(SCAM_TEXT)
  })

  it.each([
    ['en', /address .*was changed/i, 'an unknown browser on Linux'],
    ['ja', /メールアドレスが変更/, 'Linuxの不明なブラウザ'],
  ])(
    'names a made-up browser as an unknown one in the old address notice (%s)',
    async (language, subject, named) => {
      const user = await file.createUser()
      const target = `uanames-new-${Date.now()}-${Math.random()}@mofu.test`
      const asked = await callApp(file.subject.app, '/api/me/email', {
        cookie: user.cookie,
        body: { newEmail: target, password: TEST_PASSWORD },
      })
      expect(asked.status).toBe(202)
      const mail = await file.smtp.waitForMail(target, { subject: /./ })
      const code = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')?.[0] ?? '').searchParams.get(
        'code',
      )
      const confirmed = await callApp(file.subject.app, '/api/email-change/confirm', {
        body: { code },
        headers: { 'User-Agent': SCAM, 'Accept-Language': language },
      })
      expect(confirmed.status).toBe(200)

      const notice = await file.smtp.waitForMail(user.email, { subject })
      expect(notice.text).toContain(named)
      expect(`${notice.text}${notice.html}`).not.toMatch(SCAM_TEXT)
    },
  )
})
