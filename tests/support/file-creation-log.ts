import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import path from 'node:path'
import { FILE_CALL_PREFIX, type FileCall } from './file-calls'

/**
 * Preloaded into a child process (`node --import`): each open of the file at
 * MOFU_TEST_WATCHED_FILE, with whether it was exclusive (O_EXCL: refused over anything there, a
 * link too) and the mode it asked for, and each chmod of it, reported on stderr (see
 * file-calls.ts). The file's mode seen from outside cannot tell a file created 0600 from one
 * created wider and narrowed a moment later; the calls can. A file put there another way
 * (written elsewhere and renamed) shows no open at all.
 */

const watched = path.resolve(process.env.MOFU_TEST_WATCHED_FILE ?? '')
const isWatched = (file: unknown) =>
  (typeof file === 'string' || Buffer.isBuffer(file) || file instanceof URL) &&
  path.resolve(file instanceof URL ? file.pathname : String(file)) === watched
const report = (entry: FileCall) =>
  process.stderr.write(`${FILE_CALL_PREFIX}${JSON.stringify(entry)}\n`)

const EXCLUSIVE_FLAGS = new Set(['wx', 'xw', 'wx+', 'xw+', 'ax', 'xa', 'ax+', 'xa+'])
const exclusive = (flags: unknown) =>
  typeof flags === 'number'
    ? (flags & fs.constants.O_EXCL) !== 0
    : EXCLUSIVE_FLAGS.has(String(flags))
const modeOf = (mode: unknown) => (typeof mode === 'number' ? mode : null)

/** The descriptors opened on the watched file, so that fchmod on them counts too. */
const watchedFds = new Set<number>()

const { openSync, open, chmodSync, chmod, fchmodSync, fchmod } = fs
fs.openSync = (file, flags, mode) => {
  const fd = openSync(file, flags, mode)
  if (isWatched(file)) {
    report({ call: 'open', exclusive: exclusive(flags), mode: modeOf(mode) })
    watchedFds.add(fd)
  }
  return fd
}
fs.open = ((file: fs.PathLike, ...rest: unknown[]) => {
  const done = rest.pop() as (error: Error | null, fd: number) => void
  const [flags, mode] = rest
  open(file, flags as fs.OpenMode, mode as fs.Mode, (error, fd) => {
    if (error === null && isWatched(file)) {
      report({ call: 'open', exclusive: exclusive(flags), mode: modeOf(mode) })
      watchedFds.add(fd)
    }
    done(error, fd)
  })
}) as typeof fs.open
fs.chmodSync = (file, mode) => {
  if (isWatched(file)) report({ call: 'chmod', mode: modeOf(mode) })
  chmodSync(file, mode)
}
fs.chmod = ((file: fs.PathLike, mode: fs.Mode, done: fs.NoParamCallback) => {
  if (isWatched(file)) report({ call: 'chmod', mode: modeOf(mode) })
  chmod(file, mode, done)
}) as typeof fs.chmod
fs.fchmodSync = (fd, mode) => {
  if (watchedFds.has(fd)) report({ call: 'chmod', mode: modeOf(mode) })
  fchmodSync(fd, mode)
}
fs.fchmod = ((fd: number, mode: fs.Mode, done: fs.NoParamCallback) => {
  if (watchedFds.has(fd)) report({ call: 'chmod', mode: modeOf(mode) })
  fchmod(fd, mode, done)
}) as typeof fs.fchmod

const { promises } = fs
const promiseOpen = promises.open.bind(promises)
promises.open = async (file, flags, mode) => {
  const handle = await promiseOpen(file, flags, mode)
  if (isWatched(file)) {
    report({ call: 'open', exclusive: exclusive(flags), mode: modeOf(mode) })
    const handleChmod = handle.chmod.bind(handle)
    handle.chmod = async (changed) => {
      report({ call: 'chmod', mode: modeOf(changed) })
      await handleChmod(changed)
    }
  }
  return handle
}
const promiseChmod = promises.chmod.bind(promises)
promises.chmod = async (file, mode) => {
  if (isWatched(file)) report({ call: 'chmod', mode: modeOf(mode) })
  await promiseChmod(file, mode)
}

// Named imports of node:fs (import { openSync } from 'node:fs') see the wrapped calls too.
syncBuiltinESMExports()
