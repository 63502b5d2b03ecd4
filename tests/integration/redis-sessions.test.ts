import { expect, it } from 'vitest'
import { callApp, callAuth } from '../support/api'
import { appWithMail } from '../support/app-with-mail'
import { TEST_PASSWORD } from '../support/test-users'

const file = appWithMail('redis', { redis: true })

it('deleting the account ends its sessions in Redis too', async () => {
  const user = await file.createUser()
  const { cookie } = user
  expect((await callApp(file.subject.app, '/api/me/profile', { cookie })).status).toBe(200)

  const deleted = await callApp(file.subject.app, '/api/me', {
    method: 'DELETE',
    cookie,
    body: { password: TEST_PASSWORD },
  })
  expect(deleted.status).toBe(204)

  const session = await callAuth(file.subject.app, '/get-session', { cookie, origin: null })
  expect(JSON.parse(session.text)).toBeNull()
  expect((await callApp(file.subject.app, '/api/me/profile', { cookie })).status).toBe(401)
  const save = await callApp(file.subject.app, '/api/me/profile', {
    method: 'PATCH',
    cookie,
    body: { name: 'Ghost' },
  })
  expect(save.status).toBe(401)
})
