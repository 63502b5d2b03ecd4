/** What file-creation-log.ts reports of a watched file: one line on stderr each, as JSON. */
export const FILE_CALL_PREFIX = 'file-call '

export type FileCall =
  { call: 'open'; exclusive: boolean; mode: number | null } | { call: 'chmod'; mode: number | null }

/** The calls a child process with file-creation-log.ts preloaded reported in `stderr`. */
export const fileCalls = (stderr: string): FileCall[] =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith(FILE_CALL_PREFIX))
    .map((line) => JSON.parse(line.slice(FILE_CALL_PREFIX.length)) as FileCall)
