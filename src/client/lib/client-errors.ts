import type { RootOptions } from 'react-dom/client'
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_NAME_MAX,
  CLIENT_ERROR_PATH_MAX,
  type ClientErrorKind,
  type ClientErrorReport,
} from '@shared/client-error'
import { CONTROL_CHARACTER_RUNS } from '@shared/control-characters'

/** Reports one page load sends at most: an error in a render loop must not flood the server. */
const MAX_REPORTS = 5
let reports = 0

/** FNV-1a, 32 bits: the same component stack gives the same short tag in every report. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  }
  return (hash >>> 0).toString(16).padStart(8, '0')
}

// Controls (a stack's newlines among them), separators and direction marks become spaces: the
// server refuses them.
const oneLine = (text: string, max: number) =>
  text.replace(CONTROL_CHARACTER_RUNS, ' ').slice(0, max)

/**
 * Reports an error React's root saw: to the console always, and in production to the server
 * (POST /api/events/client-error) as one structured line, without cookies. The report carries
 * the error's name and the start of its message, a hash of the component stack and the page's
 * path without its query: nothing about who saw it.
 */
export function reportClientError(
  kind: ClientErrorKind,
  error: unknown,
  info: { componentStack?: string | null },
) {
  console.error(error, info.componentStack ?? '')
  if (!import.meta.env.PROD || reports >= MAX_REPORTS) return
  reports += 1
  const report: ClientErrorReport = {
    kind,
    name: oneLine(error instanceof Error ? error.name : typeof error, CLIENT_ERROR_NAME_MAX),
    message: oneLine(
      error instanceof Error ? error.message : String(error),
      CLIENT_ERROR_MESSAGE_MAX,
    ),
    componentStack: info.componentStack == null ? null : hashOf(info.componentStack),
    path: window.location.pathname.slice(0, CLIENT_ERROR_PATH_MAX),
  }
  fetch('/api/events/client-error', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'omit',
    keepalive: true,
  }).catch(() => {
    // The console has it already; a lost report is not the visitor's concern.
  })
}

/** The root's error callbacks: every error React reports goes through reportClientError. */
export const ROOT_ERROR_OPTIONS = {
  onUncaughtError: (error, info) => reportClientError('uncaught', error, info),
  onCaughtError: (error, info) => reportClientError('caught', error, info),
  onRecoverableError: (error, info) => reportClientError('recoverable', error, info),
} satisfies RootOptions
