/**
 * Calls `callback` at the browser's next idle moment (within 1.5 s where it has no idle
 * callbacks): for work a visitor has not asked for yet, so it never competes with hydration.
 */
export function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback)
  else setTimeout(callback, 1500)
}

/** Resolves at the browser's next idle moment (whenIdle). */
export const idle = (): Promise<void> => new Promise((resolve) => whenIdle(resolve))
