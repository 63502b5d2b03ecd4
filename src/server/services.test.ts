import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { hashPassword, verifyPassword } from 'better-auth/crypto'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config'
import { openServices, type Services } from './services'

describe('the services a deployment opens', () => {
  let dataDir: string
  let services: Services

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mofu-services-'))
    services = await openServices(loadConfig({ DATA_DIR: dataDir }), pino({ level: 'silent' }))
  })
  afterAll(async () => {
    await services.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  // The integration tests hash cheaply through an option of the app factory; a deployment
  // must never: its hashes are Better Auth's scrypt, and it reads the hashes Better Auth made.
  it("hash passwords with Better Auth's own scrypt", async () => {
    const { password } = await services.auth.$context
    const hash = await password.hash('sakura-123')
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/)
    expect(await verifyPassword({ hash, password: 'sakura-123' })).toBe(true)
    const made = await hashPassword('sakura-123')
    expect(await password.verify({ hash: made, password: 'sakura-123' })).toBe(true)
    expect(await password.verify({ hash: made, password: 'sakura-124' })).toBe(false)
  })
})
