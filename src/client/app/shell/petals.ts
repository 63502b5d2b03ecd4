/**
 * The petals' drawing, a chunk of its own: the shell loads it once the page has hydrated, so it
 * never weighs on the first load.
 */
interface Petal {
  x: number
  y: number
  vx: number
  vy: number
  spin: number
  angle: number
  life: number
}

const PETAL_LIFE_FRAMES = 60
const PETAL_COLOURS = ['#ffc2d9', '#ff9cc0', '#f873a5', '#ede9fe']

/** Sakura petals trail the pointer while it drags (dragParticleEffect). */
export function startPetals(canvas: HTMLCanvasElement): () => void {
  const context = canvas.getContext('2d')
  if (context === null) return () => undefined
  const petals: Petal[] = []
  let frame = 0
  let pressed = false

  const resize = () => {
    const ratio = window.devicePixelRatio || 1
    canvas.width = window.innerWidth * ratio
    canvas.height = window.innerHeight * ratio
    context.setTransform(ratio, 0, 0, ratio, 0, 0)
  }
  const draw = () => {
    context.clearRect(0, 0, window.innerWidth, window.innerHeight)
    for (let index = petals.length - 1; index >= 0; index--) {
      const petal = petals[index]
      if (petal === undefined) continue
      petal.life -= 1
      if (petal.life <= 0) {
        petals.splice(index, 1)
        continue
      }
      petal.x += petal.vx
      petal.y += petal.vy
      petal.vy += 0.04
      petal.angle += petal.spin
      context.save()
      context.globalAlpha = petal.life / PETAL_LIFE_FRAMES
      context.translate(petal.x, petal.y)
      context.rotate(petal.angle)
      context.fillStyle = PETAL_COLOURS[index % PETAL_COLOURS.length] ?? '#ffc2d9'
      context.beginPath()
      context.ellipse(0, 0, 5, 2.6, 0, 0, Math.PI * 2)
      context.fill()
      context.restore()
    }
    frame = petals.length > 0 ? requestAnimationFrame(draw) : 0
  }
  const onDown = () => (pressed = true)
  const onUp = () => (pressed = false)
  const onMove = (event: PointerEvent) => {
    if (!pressed) return
    for (let count = 0; count < 2; count++) {
      petals.push({
        x: event.clientX,
        y: event.clientY,
        vx: (Math.random() - 0.5) * 2.4,
        vy: (Math.random() - 0.8) * 1.6,
        spin: (Math.random() - 0.5) * 0.3,
        angle: Math.random() * Math.PI,
        life: PETAL_LIFE_FRAMES,
      })
    }
    if (frame === 0) frame = requestAnimationFrame(draw)
  }

  resize()
  window.addEventListener('resize', resize)
  window.addEventListener('pointerdown', onDown)
  window.addEventListener('pointerup', onUp)
  window.addEventListener('pointercancel', onUp)
  window.addEventListener('pointermove', onMove, { passive: true })
  return () => {
    cancelAnimationFrame(frame)
    window.removeEventListener('resize', resize)
    window.removeEventListener('pointerdown', onDown)
    window.removeEventListener('pointerup', onUp)
    window.removeEventListener('pointercancel', onUp)
    window.removeEventListener('pointermove', onMove)
  }
}
