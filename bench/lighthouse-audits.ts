/** What the bench reads of one audit; a Lighthouse result's audits have at least this. */
interface AuditRead {
  scoreDisplayMode: string
  numericValue?: number
  details?: { type: string; items?: readonly unknown[] }
}

/** The audits of a Lighthouse result, as far as the bench reads them. */
export interface AuditsRead {
  audits: Record<string, AuditRead | undefined>
  finalDisplayedUrl: string
}

/** The tasks of 50 ms or more on the main thread: how many, and the longest (0 with none). */
export interface LongTasks {
  count: number
  longestMs: number
}

/** An audit's number; a run that lacks it yields no figures at all. */
export function numericAudit(lhr: AuditsRead, id: string): number {
  const value = lhr.audits[id]?.numericValue
  if (value === undefined) throw new Error(`Lighthouse gave no ${id} for ${lhr.finalDisplayedUrl}`)
  return value
}

/**
 * Lighthouse's long-tasks audit: top-level tasks of 50 ms or more, simulated durations. None
 * when the audit is absent or errored: its table is then missing or empty, and reading that as
 * "no long task" would meet the goal without measuring it.
 */
export function longTasks(lhr: AuditsRead): LongTasks | undefined {
  const audit = lhr.audits['long-tasks']
  if (audit === undefined || audit.scoreDisplayMode === 'error') return undefined
  const { details } = audit
  if (details?.type !== 'table' || details.items === undefined) return undefined
  const durations = details.items.map((item) =>
    typeof item === 'object' && item !== null && 'duration' in item ? Number(item.duration) : NaN,
  )
  if (!durations.every(Number.isFinite)) return undefined
  return { count: durations.length, longestMs: Math.max(0, ...durations) }
}
