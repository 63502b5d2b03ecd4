import fs from 'node:fs/promises'
import path from 'node:path'
import * as prettier from 'prettier'
import type { BenchResults } from './results'
import { round } from './stats'

/**
 * docs/performance.md's "Latest full run" table, written from bench/results/latest.json by
 * `npm run bench` and checked against it by tests/process/docs.test.ts, so the page never shows
 * figures the results do not hold.
 */

export const PERFORMANCE_DOC = path.resolve(import.meta.dirname, '../docs/performance.md')
const START =
  '<!-- Written by `npm run bench` from bench/results/latest.json: edit neither by hand. -->'
const END = '<!-- End of the bench table. -->'

const count = (value: number) => Math.round(value).toLocaleString('en-US').replace(/,/g, ' ')

function latestRun({ mode, machine, goals, figures, wallSeconds }: BenchResults): string {
  const met = goals.filter((goal) => goal.met).length
  const indexes = figures.lighthouse.map((page) => page.benchmarkIndex)
  const cpuIndex =
    indexes.length === 0
      ? ''
      : `; Lighthouse's CPU benchmark index ${count(Math.min(...indexes))} to ${count(Math.max(...indexes))}`
  const commit = `${machine.gitCommit.slice(0, 7)}${machine.uncommittedChanges ? ' with uncommitted changes' : ''}`
  const rows = goals.map(
    (goal) =>
      `| ${goal.goal} | ${goal.met ? goal.figure : `**${goal.figure}**`} | ${goal.target} | ${goal.met ? 'met' : 'missed'}: ${goal.margin} |`,
  )
  return [
    START,
    '',
    `A ${mode} run on ${machine.cpuCount} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node.replace(/^v/, '')}, commit \`${commit}\`, load ${round(machine.loadAverageAtStart, 1)} as it started${cpuIndex}, ${round(wallSeconds / 60, 1)} minutes: ${met} of ${goals.length} goals met.`,
    '',
    '| goal | figure | target | status |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n')
}

/** The table for these results, formatted as Prettier formats the page. */
export async function latestRunSection(results: BenchResults): Promise<string> {
  const options = await prettier.resolveConfig(PERFORMANCE_DOC)
  const formatted = await prettier.format(latestRun(results), { ...options, parser: 'markdown' })
  return formatted.trimEnd()
}

/** The table as the page holds it now, or null when its markers are missing. */
export function sectionOf(page: string): string | null {
  const start = page.indexOf(START)
  const end = page.indexOf(END)
  return start === -1 || end < start ? null : page.slice(start, end + END.length)
}

/** Replaces the page's table with the one for these results. */
export async function writePerformanceDoc(results: BenchResults): Promise<void> {
  const page = await fs.readFile(PERFORMANCE_DOC, 'utf8')
  const current = sectionOf(page)
  if (current === null) throw new Error(`${PERFORMANCE_DOC} has lost its bench table's markers`)
  await fs.writeFile(PERFORMANCE_DOC, page.replace(current, await latestRunSection(results)))
}
