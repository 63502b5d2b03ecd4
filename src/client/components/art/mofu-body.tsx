import { useId, type ReactNode } from 'react'

/**
 * Mofu's body with a calm face: the sidebar's Mofu, in every page's first load. The other moods'
 * faces live in mofu-mascot.tsx, loaded with the pages that show them, so the first load carries
 * none of their drawing.
 */

export const INK = '#2a2150'
const OUTLINE = '#e58fb6'
const BLUSH = '#ff8fb8'

/**
 * A closed outline of round puffs around a circle: Mofu's fluffy edge. Radii alternate a little
 * so the fur looks hand-drawn rather than stamped.
 */
function fluffPath(cx: number, cy: number, r: number, puffs: number, wobble: number): string {
  const point = (i: number) => {
    const angle = (i / puffs) * Math.PI * 2 - Math.PI / 2
    const radius = r + (i % 2 === 0 ? wobble : -wobble)
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)] as const
  }
  const [x0, y0] = point(0)
  let d = `M${x0.toFixed(1)} ${y0.toFixed(1)}`
  for (let i = 1; i <= puffs; i++) {
    const [x, y] = point(i)
    const [px, py] = point(i - 1)
    const puff = (Math.hypot(x - px, y - py) / 2) * 1.08
    d += `A${puff.toFixed(1)} ${puff.toFixed(1)} 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)}`
  }
  return `${d}Z`
}

const BODY = fluffPath(80, 88, 54, 18, 1.6)
const BELLY = fluffPath(80, 112, 24, 10, 0.8)

/** A face: eyes drawn under the cheeks, the mouth (and anything else) over them. */
export interface MofuFace {
  eyes: (iris: string) => ReactNode
  mouth: ReactNode
}

/** Round eyes with a shine; `pupil` below 1 makes them smaller (lost). */
export function RoundEyes({ iris, pupil = 1 }: { iris: string; pupil?: number }) {
  return [63, 97].map((x) => (
    <g key={x}>
      <ellipse cx={x} cy={86} rx={7.6 * pupil} ry={9.6 * pupil} fill={`url(#${iris})`} />
      <circle cx={x - 2.6} cy={82.2} r={3} fill="#fff" />
      <circle cx={x + 2.6} cy={90} r={1.4} fill="#fff" opacity={0.85} />
    </g>
  ))
}

const CALM: MofuFace = {
  eyes: (iris) => (
    <g>
      <RoundEyes iris={iris} />
    </g>
  ),
  mouth: (
    <path
      d="M73 101q3.5 4 7 0q3.5 4 7 0"
      fill="none"
      stroke={INK}
      strokeWidth={2.6}
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  ),
}

/**
 * Mofu, the site's own mascot: a round, fluffy pink-white creature, calm unless `face` says
 * otherwise. Decorative unless `title` is given. Gradient ids come from useId, so several Mofus
 * can share a page.
 */
export function MofuBody({
  size = 120,
  className,
  title,
  face = CALM,
}: {
  size?: number
  className?: string
  title?: string
  face?: MofuFace
}) {
  const id = useId()
  const fur = `${id}-fur`
  const sheen = `${id}-sheen`
  const iris = `${id}-iris`
  const ear = `${id}-ear`
  const titleId = `${id}-title`
  const labelled = title !== undefined && title !== ''

  return (
    <svg
      viewBox="0 0 160 160"
      width={size}
      height={size}
      className={className}
      {...(labelled
        ? { role: 'img', 'aria-labelledby': titleId }
        : { 'aria-hidden': true, focusable: false })}
    >
      {labelled && <title id={titleId}>{title}</title>}
      <defs>
        <radialGradient id={fur} cx="42%" cy="34%" r="72%">
          <stop offset="0" stopColor="#fffafc" />
          <stop offset="0.55" stopColor="#ffe3ef" />
          <stop offset="1" stopColor="#f7b8d3" />
        </radialGradient>
        <radialGradient id={sheen} cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={iris} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#1d1940" />
          <stop offset="0.6" stopColor="#2e2466" />
          <stop offset="1" stopColor="#6d4bd0" />
        </linearGradient>
        <linearGradient id={ear} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff9cc0" />
          <stop offset="1" stopColor="#ffd6e6" />
        </linearGradient>
      </defs>

      <ellipse cx={80} cy={153} rx={42} ry={5} fill="#2a2458" opacity={0.18} />

      {/* ear tufts, behind the head */}
      <g stroke={OUTLINE} strokeWidth={2.2} strokeLinejoin="round">
        <path d="M44 58q-10-22-2-34q9 2 25 22z" fill={`url(#${fur})`} />
        <path d="M116 58q10-22 2-34q-9 2-25 22z" fill={`url(#${fur})`} />
        <path d="M48 52q-5-14 -2-21q6 3 14 14z" fill={`url(#${ear})`} stroke="none" />
        <path d="M112 52q5-14 2-21q-6 3-14 14z" fill={`url(#${ear})`} stroke="none" />
      </g>

      {/* feet */}
      <g fill="#ffe3ef" stroke={OUTLINE} strokeWidth={2.2}>
        <ellipse cx={62} cy={145} rx={13} ry={7.5} />
        <ellipse cx={98} cy={145} rx={13} ry={7.5} />
      </g>
      <g fill="none" stroke={OUTLINE} strokeWidth={1.6} strokeLinecap="round">
        <path d="M58 150v-3M64 150v-3M94 150v-3M100 150v-3" />
      </g>

      <path
        d={BODY}
        fill={`url(#${fur})`}
        stroke={OUTLINE}
        strokeWidth={2.4}
        strokeLinejoin="round"
      />
      <path d={BELLY} fill="#fff7fb" opacity={0.45} />
      <ellipse cx={58} cy={58} rx={20} ry={13} fill={`url(#${sheen})`} />

      {/* a curl of fur on top, and a few strands for texture */}
      <path
        d="M74 38q2-12 12-10q6 2 3 8q-3 4-7 1"
        fill="none"
        stroke={OUTLINE}
        strokeWidth={2.4}
        strokeLinecap="round"
      />
      <g fill="none" stroke="#f4a9c8" strokeWidth={1.5} strokeLinecap="round" opacity={0.8}>
        <path d="M38 96q4 3 5 8M122 96q-4 3-5 8M46 118q3 2 4 6M114 118q-3 2-4 6" />
      </g>

      {face.eyes(iris)}

      <g fill={BLUSH} opacity={0.55}>
        <ellipse cx={47} cy={100} rx={8} ry={4.6} />
        <ellipse cx={113} cy={100} rx={8} ry={4.6} />
      </g>
      <g stroke="#f0679a" strokeWidth={1.3} strokeLinecap="round" opacity={0.7}>
        <path d="M43 101l2-3M47 101l2-3M51 101l2-3M109 101l2-3M113 101l2-3M117 101l2-3" />
      </g>

      {face.mouth}
    </svg>
  )
}
