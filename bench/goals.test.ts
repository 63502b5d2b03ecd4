import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { evaluateGoals } from './goals'
import { LIGHTHOUSE_PAGES } from './settings'
import type { BenchResults } from './results'

/** The figures of the last full run, as committed. */
const measured = (
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'results', 'latest.json'), 'utf8'),
  ) as BenchResults
).figures

describe('evaluateGoals', () => {
  it('judges ten goals on a full run, each with its figure', () => {
    const goals = evaluateGoals(measured)
    expect(goals).toHaveLength(10)
    expect(goals.filter((goal) => goal.figure === 'missing')).toEqual([])
  })

  it('reports a goal whose figure is missing as missed, never leaves it out', () => {
    const goals = evaluateGoals({
      ...measured,
      http: [],
      scale: [],
      lighthouse: [],
      avatarPipeline: [],
    })
    expect(goals).toHaveLength(10)
    const missed = goals.filter((goal) => goal.figure === 'missing')
    expect(missed.map((goal) => goal.goal)).toEqual([
      'handle availability vs baseline',
      'handle availability p99',
      'SQLite: large vs small user count, req/s',
      'PostgreSQL: large vs small user count, req/s',
      ...LIGHTHOUSE_PAGES.flatMap((page) => [
        `Lighthouse ${page} performance`,
        `Lighthouse ${page} CLS`,
      ]),
      '4000x3000 avatar re-encode',
    ])
    for (const goal of missed) expect(goal).toMatchObject({ met: false, margin: 'not measured' })
  })

  it('misses the goals of the one page Lighthouse did not measure', () => {
    const goals = evaluateGoals({ ...measured, lighthouse: measured.lighthouse.slice(0, 1) })
    expect(goals).toHaveLength(10)
    expect(goals.filter((goal) => goal.figure === 'missing').map((goal) => goal.goal)).toEqual([
      `Lighthouse ${LIGHTHOUSE_PAGES[1]} performance`,
      `Lighthouse ${LIGHTHOUSE_PAGES[1]} CLS`,
    ])
  })

  it('misses the scale goal when only one user count was measured', () => {
    const goals = evaluateGoals({
      ...measured,
      scale: measured.scale.filter((point) => point.dialect !== 'sqlite' || point.users === 10_000),
    })
    expect(goals.find((goal) => goal.goal.startsWith('SQLite'))).toMatchObject({
      figure: 'missing',
      met: false,
    })
  })
})
