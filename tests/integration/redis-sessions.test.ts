import { expect, it } from 'vitest'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD } from '../support/test-users'

const file = appWithMail('redis', 77, { redis: true })

it('deleting the account ends its sessions in Redis too', async () => {
  const user = await file.createUser()
  const headers = { Cookie: user.cookie }
  expect((await file.subject.app.request('/api/me/profile', { headers })).status).toBe(200)

  const deleted = await file.subject.app.request('/api/me', {
    method: 'DELETE',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: TEST_PASSWORD }),
  })
  expect(deleted.status).toBe(204)

  const session = await file.subject.app.request('/api/auth/get-session', { headers })
  expect(await session.json()).toBeNull()
  expect((await file.subject.app.request('/api/me/profile', { headers })).status).toBe(401)
  const save = await file.subject.app.request('/api/me/profile', {
    method: 'PATCH',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Ghost' }),
  })
  expect(save.status).toBe(401)
})
