import { useEffect, useRef, useState } from 'react'

/**
 * How far from the screen cards are drawn: a screen's height above and below it, so they are
 * there before scrolling, the keyboard or a drag brings them into view.
 */
const MARGIN = '100% 0px'

export interface NearScreen {
  /** The element watched. */
  watch: (node: Element | null) => void
  near: boolean
  /**
   * Its height in px when it last went away from the screen while drawn with the same `layout`;
   * null before, or once what it holds has changed.
   */
  height: number | null
}

/**
 * Whether the element given to `ref` is within a screen's height of the viewport, so that a
 * board of a thousand titles draws, and re-renders while a card is dragged, only the cards
 * around the screen. It starts as `near` says. While `hold` is true the answer may turn true
 * but never false: the folder of a card being dragged stays drawn wherever the drag scrolls.
 * `layout` names what the element holds (a folder's count of titles shown): a height measured
 * with another is not given.
 */
export function useNearScreen(hold: boolean, near = false, layout = ''): NearScreen {
  const [node, setNode] = useState<Element | null>(null)
  const [state, setState] = useState<{ near: boolean; height: number | null; layout: string }>({
    near,
    height: null,
    layout,
  })
  const seen = useRef<boolean | null>(null)
  const held = useRef(hold)
  const laidOut = useRef(layout)
  useEffect(() => {
    laidOut.current = layout
  }, [layout])

  const goAway = (height: number) =>
    setState((old) =>
      !old.near
        ? old
        : height > 0
          ? { near: false, height, layout: laidOut.current }
          : { ...old, near: false },
    )

  useEffect(() => {
    held.current = hold
    if (!hold && seen.current === false && node !== null) {
      goAway(node.getBoundingClientRect().height)
    }
  }, [hold, node])

  useEffect(() => {
    if (node === null) return
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries.at(-1)
        if (last === undefined) return
        seen.current = last.isIntersecting
        if (last.isIntersecting) setState((old) => (old.near ? old : { ...old, near: true }))
        else if (!held.current) goAway(last.boundingClientRect.height)
      },
      { rootMargin: MARGIN },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [node])

  return {
    watch: setNode,
    near: state.near,
    height: state.layout === layout ? state.height : null,
  }
}
