import { Histogram, Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import { RequestDurations } from './request-durations'

const BOUNDS = [0.001, 0.005, 0.01, 0.5, 45]
const NAME = 'mofu_test_request_duration_seconds'
const HELP = 'Requests by method, route pattern and status.'

/** Observations in an interleaved order, on bounds, between them and past the largest. */
const observations = [
  ['GET', '/api/handles/:handle', 200, 0.0004],
  ['GET', '/api/handles/:handle', 200, 0.001],
  ['POST', '/api/auth/*', 401, 0.09],
  ['GET', '/api/handles/:handle', 429, 0.005],
  ['GET', '/api/handles/:handle', 200, 0.0071],
  ['POST', '/api/auth/*', 200, 46],
  ['GET', '/api/handles/:handle', 200, 45],
  ['GET', '/', 200, 0.0123],
] as const

const sortedLines = (text: string) => text.trim().split('\n').sort()

describe('RequestDurations', () => {
  it("writes what prom-client's own histogram writes for the same requests", async () => {
    const ours = new Registry()
    const durations = new RequestDurations(NAME, HELP, BOUNDS, ours)
    const theirs = new Registry()
    const reference = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status'],
      buckets: BOUNDS,
      registers: [theirs],
    })
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds)
      reference.observe({ method, route, status: String(status) }, seconds)
    }
    const text = await ours.metrics()
    expect(text).toContain(
      `${NAME}_count{method="GET",route="/api/handles/:handle",status="200"} 4`,
    )
    expect(sortedLines(text)).toEqual(sortedLines(await theirs.metrics()))
  })

  it('starts again from nothing when the registry resets its metrics', async () => {
    const registry = new Registry()
    const durations = new RequestDurations(NAME, HELP, BOUNDS, registry)
    durations.observe('GET', '/', 200, 0.002)
    registry.resetMetrics()
    expect(await registry.metrics()).not.toContain(`${NAME}_count`)
  })
})
