import fs from 'node:fs'
import { processAvatar } from '../src/server/avatars/pipeline'
import { renderShareCard } from '../src/server/share-cards/render-card'
import { photoLikeJpeg } from './images'
import type { BenchSettings } from './settings'
import { median, timed } from './stats'

export interface ShareCardResult {
  medianMs: number
  runs: number
  /** The first card's time, fonts read and parsed in it. */
  firstMs: number
  bytes: number
}

/**
 * The server's own renderShareCard, called in this process with what a profile with everything
 * gives it: a photo-like banner as stored (1500 x 500), the 384 px WebP rendition of a
 * photo-like avatar (what the card service reads), the sakura frame, and a name in Latin and
 * Japanese letters. One run timed on its own (it loads the fonts), then the median of `avatarRuns`.
 */
export async function measureShareCard(settings: BenchSettings): Promise<ShareCardResult> {
  const banner = await photoLikeJpeg(1500, 500, 11)
  const avatar = await processAvatar(await photoLikeJpeg(1080, 1080))
  const rendition = avatar.renditions.find(({ px, format }) => px === 384 && format === 'webp')
  if (rendition === undefined) throw new Error('no 384 px WebP rendition')
  const input = {
    name: 'Sora そらの空',
    handle: 'Sora',
    accent: 'sakura',
    frame: fs.readFileSync('public/frames/sakura.svg'),
    avatar: rendition.body,
    banner,
  } as const
  let bytes = 0
  const firstMs = await timed(async () => {
    bytes = (await renderShareCard(input)).length
  })
  const durations: number[] = []
  for (let run = 0; run < settings.avatarRuns; run++) {
    durations.push(await timed(() => renderShareCard(input)))
  }
  return { medianMs: median(durations), runs: durations.length, firstMs, bytes }
}
