import { processAvatar } from '../src/server/avatars/pipeline'
import { photoLikeJpeg } from './images'
import type { BenchSettings } from './settings'
import { median, timed } from './stats'

export interface PipelineResult {
  name: string
  width: number
  height: number
  inputBytes: number
  outputBytes: number
  medianMs: number
  runs: number
}

const IMAGES = [
  { name: '1080x1080 JPEG', width: 1080, height: 1080 },
  { name: '4000x3000 photo', width: 4000, height: 3000 },
] as const

/**
 * The server's own processAvatar (sniff, header check, strict decode, orient, crop, resize,
 * re-encode the master, then the six renditions and the thumbhash from the same pixels), called in this process: one untimed run, then the median of `avatarRuns`.
 */
export async function measureAvatarPipeline(settings: BenchSettings): Promise<PipelineResult[]> {
  const results: PipelineResult[] = []
  for (const { name, width, height } of IMAGES) {
    const input = await photoLikeJpeg(width, height)
    const output = await processAvatar(input)
    const durations: number[] = []
    for (let run = 0; run < settings.avatarRuns; run++) {
      durations.push(await timed(() => processAvatar(input)))
    }
    results.push({
      name,
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
