import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMetrics } from '../../src/server/metrics/metrics'
import { callApp } from '../support/api'
import { createTestApp, type TestApp } from '../support/test-app'

/** The request metrics' labels, through the app itself (docs/deploying.md "Metrics"). */

const TOKEN = 'integration-metrics-token-0123456789'
let first: TestApp
let second: TestApp

beforeAll(async () => {
  first = await createTestApp({ app: { metrics: createMetrics(), metricsToken: TOKEN } })
  second = await createTestApp({ app: { metrics: createMetrics(), metricsToken: TOKEN } })
})

afterAll(async () => {
  await Promise.all([first?.dispose(), second?.dispose()])
})

async function requestSeries(subject: TestApp): Promise<string[]> {
  const response = await callApp(subject.app, '/metrics', {
    headers: { Authorization: `Bearer ${TOKEN}` },
  })
  expect(response.status).toBe(200)
  return response.text
    .split('\n')
    .filter((line) => line.startsWith('mofu_http_request_duration_seconds_count{'))
}

it('labels requests by route pattern and status, never by the URL a client sent', async () => {
  const paths = Array.from({ length: 40 }, (_, i) => [
    `/api/handles/sakura${i}`,
    `/api/profiles/nobody${i}`,
    `/api/unknown/${i}?q=${i}`,
  ]).flat()
  for (const path of paths) await callApp(first.app, path)

  const series = await requestSeries(first)
  expect(series).toContain(
    'mofu_http_request_duration_seconds_count{method="GET",route="/api/handles/:handle",status="200"} 40',
  )
  expect(series).toContain(
    'mofu_http_request_duration_seconds_count{method="GET",route="/api/profiles/:handle",status="404"} 40',
  )
  // 120 different URLs make three series, and no series names one of them.
  expect(series.filter((line) => !line.includes('route="/metrics"'))).toHaveLength(3)
  expect(series.join('\n')).not.toMatch(/sakura|nobody|unknown/)
})

it('keeps each app instance its own count', async () => {
  await callApp(first.app, '/api/handles/onlyfirst')
  const counted = (series: string[]) =>
    series.find((line) => line.includes('route="/api/handles/:handle"'))
  expect(counted(await requestSeries(first))).toMatch(/ 41$/)
  expect(counted(await requestSeries(second))).toBeUndefined()
})
