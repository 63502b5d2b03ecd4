import { useEffect, useRef } from 'react'
import { idle } from '@client/lib/idle'
import { useMediaQuery } from '@client/lib/use-media-query'
import { usePreferences } from '@client/lib/preferences/preferences'

/** Sakura petals trail drags (dragParticleEffect); their drawing loads at the first idle moment. */
export function DragParticles() {
  const enabled = usePreferences().effects.dragParticleEffect
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const canvas = useRef<HTMLCanvasElement>(null)
  const active = enabled && !reducedMotion

  useEffect(() => {
    const target = canvas.current
    if (!active || target === null) return
    let stop: (() => void) | undefined
    let stopped = false
    void idle()
      .then(() => import('./petals'))
      .then((module) => {
        if (!stopped) stop = module.startPetals(target)
      })
    return () => {
      stopped = true
      stop?.()
    }
  }, [active])

  if (!active) return null
  return (
    <canvas
      ref={canvas}
      aria-hidden="true"
      data-testid="drag-particles"
      className="pointer-events-none fixed inset-0 z-50 size-full"
    />
  )
}
