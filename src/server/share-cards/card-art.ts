import fs from 'node:fs'
import path from 'node:path'
import { FRAMES, type Frame } from '../../shared/profile-fields'

/** The frames and the default Mofu, read from the site's files (public/ or the built client). */
export interface CardArt {
  frame(name: string): Buffer | null
  mascot: Buffer
}

/**
 * The card art in the first folder that has it (the built client, or public/ beside the
 * sources), read when the first card is made: a server serving the API alone has none, and
 * makes no cards.
 */
export function cardArt(folders: readonly string[]): () => CardArt {
  let art: CardArt | undefined
  return () => {
    if (art !== undefined) return art
    const folder = folders.find((dir) => fs.existsSync(path.join(dir, 'images', 'mofurun.png')))
    if (folder === undefined) {
      throw new Error(`no card art (images/mofurun.png) in ${folders.join(', ')}`)
    }
    const frames = new Map(
      FRAMES.map((frame) => [frame, fs.readFileSync(path.join(folder, 'frames', `${frame}.svg`))]),
    )
    art = {
      frame: (name) => frames.get(name as Frame) ?? null,
      mascot: fs.readFileSync(path.join(folder, 'images', 'mofurun.png')),
    }
    return art
  }
}
