import { describe, expect, it } from 'vitest'
import { signInRemains } from './sign-in-methods'

describe('signInRemains', () => {
  const none = { password: false, google: false, passkeys: 0 }

  it('lets the password go while a passkey or Google signs in', () => {
    expect(signInRemains({ ...none, password: true }, 'password')).toBe(false)
    expect(signInRemains({ ...none, password: true, passkeys: 1 }, 'password')).toBe(true)
    expect(signInRemains({ ...none, password: true, google: true }, 'password')).toBe(true)
  })

  it('lets a passkey go while a password, Google or another passkey signs in', () => {
    expect(signInRemains({ ...none, passkeys: 1 }, 'passkey')).toBe(false)
    expect(signInRemains({ ...none, passkeys: 2 }, 'passkey')).toBe(true)
    expect(signInRemains({ ...none, passkeys: 1, password: true }, 'passkey')).toBe(true)
    expect(signInRemains({ ...none, passkeys: 1, google: true }, 'passkey')).toBe(true)
  })
})
