/** Thrown when every slot is busy and the queue is full: the caller answers 503. */
export class DecodeQueueFull extends Error {
  constructor() {
    super('Every image slot is busy')
    this.name = 'DecodeQueueFull'
  }
}

/**
 * At most `slots` images decoded at once in this process, so a burst of uploads cannot take
 * every core and all memory from the other requests (each decode may hold up to AVATAR_MAX_INPUT_PIXELS).
 * Up to `queue` more wait their turn in arrival order; past that, run() throws DecodeQueueFull.
 */
export function decodeSlots(slots: number, queue: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= slots) {
      if (waiting.length >= queue) throw new DecodeQueueFull()
      await new Promise<void>((resolve) => waiting.push(resolve))
    } else {
      running += 1
    }
    try {
      return await work()
    } finally {
      // The slot passes straight to the next in line, so `running` only drops when none waits.
      const next = waiting.shift()
      if (next === undefined) running -= 1
      else next()
    }
  }
}

/** One process's slots: every image upload route runs its decodes through the same one. */
export type DecodeSlots = ReturnType<typeof decodeSlots>
