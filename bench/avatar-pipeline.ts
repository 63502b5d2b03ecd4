import { processAvatar, processBanner } from '../src/server/avatars/pipeline'
import { photoLikeJpeg } from './images'
import type { BenchSettings } from './settings'
import { median, timed } from './stats'

export interface PipelineResult {
  name: string
  /** What the upload was made into; runs from before banners have avatars only. */
  image?: 'avatar' | 'banner'
  width: number
  height: number
  inputBytes: number
  outputBytes: number
  medianMs: number
  runs: number
}

const PROCESS = { avatar: processAvatar, banner: processBanner } as const

const IMAGES = [
  { name: '1080x1080 JPEG', image: 'avatar', width: 1080, height: 1080 },
  { name: '4000x3000 photo', image: 'avatar', width: 4000, height: 3000 },
  { name: 'banner re-encoded from a 4000x3000 photo', image: 'banner', width: 4000, height: 3000 },
] as const

/**
 * The server's own processAvatar and processBanner (sniff, header check, strict decode, orient,
 * crop, resize, re-encode the master, then the renditions and the thumbhash from the same
 * pixels), called in this process: one untimed run, then the median of `avatarRuns`.
 */
export async function measureAvatarPipeline(settings: BenchSettings): Promise<PipelineResult[]> {
  const results: PipelineResult[] = []
  for (const { name, image, width, height } of IMAGES) {
    const input = await photoLikeJpeg(width, height)
    const output = await PROCESS[image](input)
    const durations: number[] = []
    for (let run = 0; run < settings.avatarRuns; run++) {
      durations.push(await timed(() => PROCESS[image](input)))
    }
    results.push({
      name,
      image,
      width,
      height,
      inputBytes: input.length,
      outputBytes: output.master.length,
      medianMs: median(durations),
      runs: durations.length,
    })
  }
  return results
}
