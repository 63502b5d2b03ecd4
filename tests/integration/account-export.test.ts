import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { AUTH_MESSAGES } from '../../src/shared/auth-messages'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { addPasskey } from '../support/passkey-flow'
import { putAvatar, TEST_PASSWORD } from '../support/test-users'

/** "Download my data" (docs/using.md "Your data"): GET /api/me/export, over HTTP against the app. */

const file = appWithMail('export')

const exportOf = (cookie: string) =>
  callApp(file.subject.app, '/api/me/export', {
    cookie,
    headers: { 'User-Agent': 'Mofu test browser' },
  })

const textOf = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

describe('download my data', () => {
  it('is a zip of the profile, account, sign-in methods and sessions, with the avatar', async () => {
    const user = await file.createUser()
    const saved = await callApp(file.subject.app, '/api/me/profile', {
      method: 'PATCH',
      cookie: user.cookie,
      body: { name: 'Sakura', handle: 'Sakura1' },
    })
    expect(saved.status).toBe(200)
    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#f5a' },
    })
      .jpeg()
      .toBuffer()
    expect((await putAvatar(file.subject.app, user.cookie, jpeg)).status).toBe(200)
    const served = (await callApp(file.subject.app, `/media/avatars/${user.uid}`)).bytes

    const response = await exportOf(user.cookie)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/zip')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="mofu-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const files = unzipSync(new Uint8Array(response.bytes))
    expect(Object.keys(files).sort()).toEqual(['avatar.jpg', 'mofu-data.json'])
    expect(Buffer.from(files['avatar.jpg'] ?? [])).toEqual(served)

    const data = JSON.parse(textOf(files['mofu-data.json'])) as Record<string, unknown>
    expect(data).toMatchObject({
      account: {
        id: user.uid,
        email: user.email,
        emailVerified: true,
        signInMethods: [{ provider: 'password' }],
      },
      profile: {
        name: 'Sakura',
        username: 'sakura1',
        displayUsername: 'Sakura1',
        avatar: 'avatar.jpg',
        plan: 'free',
      },
    })
    // The verification link signed in too: two sessions, the export's own marked.
    const sessions = data.sessions as { thisDevice: boolean; ipAddress: string }[]
    expect(sessions.map((session) => session.thisDevice).sort()).toEqual([false, true])
    expect(sessions.every((session) => session.ipAddress === user.ip)).toBe(true)
  })

  it('holds no secret: no password hash, session token or cookie value', async () => {
    const user = await file.createUser()
    const files = unzipSync(new Uint8Array((await exportOf(user.cookie)).bytes))
    const json = textOf(files['mofu-data.json'])
    const token = decodeURIComponent(user.cookie.split('=')[1] ?? '').split('.')[0] ?? ''
    expect(token.length).toBeGreaterThan(10)
    expect(json).not.toContain(token)
    expect(json).not.toContain(TEST_PASSWORD)
    expect(json).not.toMatch(/"(password|token|accessToken|refreshToken|idToken)":/)
    expect(json).not.toMatch(/scrypt|\$[0-9a-f]{16,}:/i)
    // No avatar uploaded: the JSON only.
    expect(Object.keys(files)).toEqual(['mofu-data.json'])
  })

  it('is once a minute per user, and only for the signed-in user', async () => {
    const user = await file.createUser()
    const other = await file.createUser()
    expect((await exportOf(user.cookie)).status).toBe(200)
    const again = await exportOf(user.cookie)
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(again.json).toEqual({
      code: 'RATE_LIMITED',
      message: AUTH_MESSAGES.tooManyRequests,
    })
    expect((await exportOf(other.cookie)).status).toBe(200)

    const anonymous = await callApp(file.subject.app, '/api/me/export')
    expect(anonymous.status).toBe(401)
    expect(anonymous.json).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('names the passkeys and when they were added, never their keys or credential ids', async () => {
    const user = await file.createUser()
    const added = await addPasskey(
      file.subject.app,
      'http://localhost:3000',
      user.cookie,
      'Pixel 8',
      {
        ip: user.ip,
      },
    )
    expect(added.answer.status).toBe(200)
    const stored = await callAuth(file.subject.app, '/passkey/list-user-passkeys', {
      ip: user.ip,
      cookie: user.cookie,
    })
    const [passkey] = stored.json as unknown as { publicKey: string; credentialID: string }[]
    const files = unzipSync(new Uint8Array((await exportOf(user.cookie)).bytes))
    const json = textOf(files['mofu-data.json'])
    const data = JSON.parse(json) as { passkeys: { name: string; createdAt: string }[] }
    expect(data.passkeys).toEqual([{ name: 'Pixel 8', createdAt: expect.any(String) }])
    expect(Date.now() - new Date(data.passkeys[0]?.createdAt ?? 0).getTime()).toBeLessThan(60_000)
    expect(passkey?.publicKey.length).toBeGreaterThan(20)
    expect(json).not.toContain(passkey?.publicKey)
    expect(json).not.toContain(passkey?.credentialID)
    expect(json).not.toMatch(/publicKey|credentialID|counter|aaguid/)
  })
})
