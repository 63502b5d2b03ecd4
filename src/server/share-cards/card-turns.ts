import { setTimeout as sleep } from 'node:timers/promises'
import { decodeSlots } from '../http/decode-slots'

/** Cards waiting for their turn of the cards' share of a core; past that, DecodeQueueFull. */
const TURNS_QUEUE = 8
/**
 * The most of a card's time its rest counts. A card's own work is bounded (8 font files,
 * pictures of bounded size, a fraction of this on a slow machine): one that took longer was
 * waiting (a busy machine, the text thread starting), and a longer rest would only hold back
 * the cards after it.
 */
const COUNTED_MS = 1000

/**
 * One card at a time, each followed by a rest of three times its length before the next one,
 * whoever asked for it: cards take at most a quarter of a core over time, and the other three
 * quarters are the requests'. The card is answered before its rest.
 */
export function cardTurns() {
  const oneAtATime = decodeSlots(1, TURNS_QUEUE)
  return <T>(work: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      oneAtATime(async () => {
        const started = performance.now()
        await work().then(resolve, reject)
        const counted = Math.min(performance.now() - started, COUNTED_MS)
        await sleep(3 * counted, undefined, { ref: false })
      }).catch(reject)
    })
}
