import { execFileSync } from 'node:child_process'
import os from 'node:os'

export interface MachineFacts {
  cpuModel: string
  cpuCount: number
  memoryGiB: number
  /** 1-minute load average when the bench started: other work on the machine skews figures. */
  loadAverageAtStart: number
  node: string
  platform: string
  date: string
  gitCommit: string
  /** Whether the working tree differs from the commit (the figures then belong to neither). */
  uncommittedChanges: boolean
}

function git(args: string[]): string {
  try {
    // --no-optional-locks: a status that never rewrites the index while others use the tree.
    return execFileSync('git', ['--no-optional-locks', ...args], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

export function machineFacts(): MachineFacts {
  const cpus = os.cpus()
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    loadAverageAtStart: os.loadavg()[0] ?? 0,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    date: new Date().toISOString(),
    gitCommit: git(['rev-parse', 'HEAD']) || 'unknown',
    uncommittedChanges: git(['status', '--porcelain']) !== '',
  }
}
