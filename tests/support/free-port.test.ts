import { expect, it } from 'vitest'
import { ephemeralRange, freePort } from './free-port'

/**
 * A port the tests hand a server must still be free when that server listens. Ports from the
 * ephemeral range are not: the kernel gives them to outgoing connections, and a cluster of
 * instances opening their pools took one between the pick and the listen.
 */
it('hands out free ports outside the range outgoing connections draw from', async () => {
  const { low, high } = ephemeralRange()
  const ports = await Promise.all(Array.from({ length: 50 }, () => freePort()))
  for (const port of ports) {
    expect(port < low || port > high, `${port} lies in ${low}-${high}`).toBe(true)
    expect(port).toBeGreaterThan(1023)
    expect(port).toBeLessThan(65_536)
  }
  expect(new Set(ports).size).toBeGreaterThan(45)
})
