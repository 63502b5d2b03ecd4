import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')

/**
 * A private copy of dist/ (the server, the client and the renderer that draws /@handle), so a
 * build started elsewhere while the bench runs (tests on the same checkout build too) cannot swap
 * the files under the running server.
 * The project's node_modules is linked beside it for the server's packages.
 */
export interface BuildSnapshot {
  serverMain: string
  clientDir: string
  remove(): Promise<void>
}

export async function snapshotBuild(): Promise<BuildSnapshot> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mofu-bench-build-'))
  const remove = () => fs.rm(dir, { recursive: true, force: true })
  try {
    for (const part of ['server', 'client', 'prerender']) {
      await fs.cp(path.join(ROOT, 'dist', part), path.join(dir, 'dist', part), { recursive: true })
    }
    await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
    const clientDir = path.join(dir, 'dist/client')
    await checkComplete(clientDir)
    return { serverMain: path.join(dir, 'dist/server/main.js'), clientDir, remove }
  } catch (error) {
    await remove()
    throw error
  }
}

/** Every asset index.html names must be there: a copy taken mid-build would lack some. */
async function checkComplete(clientDir: string): Promise<void> {
  const html = await fs.readFile(path.join(clientDir, 'index.html'), 'utf8')
  for (const [, asset = ''] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    try {
      await fs.access(path.join(clientDir, asset))
    } catch {
      throw new Error(
        `dist/ changed while it was copied (${asset} is missing): run the bench again`,
      )
    }
  }
}
