import { parentPort } from 'node:worker_threads'
import { cardText, type CardText } from './card-text'

/**
 * The card text thread's own code (text-thread.ts starts it): lays out each card's name and
 * handle as it is asked, one at a time, with the fonts it parsed kept for the next card.
 */

export interface TextJob {
  id: number
  name: string
  handle: string
}

export type TextAnswer = { id: number; text: CardText } | { id: number; error: string }

parentPort?.on('message', ({ id, name, handle }: TextJob) => {
  let answer: TextAnswer
  try {
    answer = { id, text: cardText(name, handle) }
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  parentPort?.postMessage(answer)
})
