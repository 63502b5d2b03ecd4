import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './public-addresses'

// The refused side is proven by tests/process/link-check.test.ts, through the whole fetch.
describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:200::1',
    '2001:db9::1',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '3fff:1000::1',
  ])('lets %s through', (address) => {
    expect(isPublicAddress(address)).toBe(true)
  })

  it.each(['example.com', '', '1.2.3', '2606:4700:4700::1111%eth0'])(
    'refuses %j, which is no public address',
    (text) => {
      expect(isPublicAddress(text)).toBe(false)
    },
  )
})
