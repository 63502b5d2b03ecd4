import type { parseArgs, ParseArgsConfig } from 'node:util'
import type { z } from 'zod'
import type { Config } from '../config'
import type { Logger } from '../logger'
import type { Services } from '../services'

/** Exit codes of `mofu` (docs/administration.md). */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const

/** The command line was wrong: exit 2 with the command's usage. */
export class UsageError extends Error {
  override name = 'UsageError'
}

/** The command could not do what was asked (no such user, a mail not sent…): exit 1. */
export class CommandError extends Error {
  override name = 'CommandError'
}

export interface CommandContext {
  config: Config
  logger: Logger
  json: boolean
  /** Opened on first use, so `--help` and the outbox need no database. */
  services(): Promise<Services>
  /** Writes `human` for people, or `data` as one JSON document with `--json`. */
  print(human: string, data: unknown): void
  /**
   * Asks `question` on the terminal and reads the answer: whether it was yes. Null when the
   * command does not run on a terminal, where nobody could answer.
   */
  terminal: { confirm(question: string): Promise<boolean> } | null
}

export interface Command {
  /** The words that name it: `['users', 'disable']`. */
  name: readonly string[]
  /** `<id|email> [--reason TEXT]` */
  args: string
  summary: string
  /** Further lines of `--help`. */
  details?: readonly string[]
  options?: NonNullable<ParseArgsConfig['options']>
  /** How many positional arguments it takes. */
  positionals: number
  run(
    context: CommandContext,
    positionals: string[],
    values: ReturnType<typeof parseArgs>['values'],
  ): Promise<void>
}

/** The parsed value, or a UsageError with the schema's first message. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new UsageError(parsed.error.issues[0]?.message ?? 'invalid input')
}

/** Rows as aligned columns under a header, for people. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n')
}
