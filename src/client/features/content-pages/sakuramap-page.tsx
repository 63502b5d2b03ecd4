import { useId, type ReactNode } from 'react'
import { MofuMascot } from '@client/components/art/mofu-mascot'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'

/** Where each spot sits on the sketch, by its key in SAKURAMAP.spots. */
const SPOTS = [
  { key: 'pond', x: 290, y: 220 },
  { key: 'moat', x: 560, y: 210 },
  { key: 'river', x: 800, y: 370 },
  { key: 'hill', x: 1000, y: 540 },
] as const

/** SakuraMap's words (docs/architecture.md "Languages"). */
export const SAKURAMAP = {
  tagline: (): ReactNode => (
    <>
      Find the best cherry-blossom spots for a night of <span lang="ja">花見</span> (hanami).
    </>
  ),
  comingSoon: 'Coming soon',
  sketch: 'The real map is still blooming. Here is a sketch of the spots Mofu likes best:',
  legend: 'Blossom spots on the sketch',
  spots: {
    pond: { name: 'Moonlit pond', note: 'Quiet benches for night hanami' },
    moat: { name: 'Old castle moat', note: 'Blossoms mirrored in still water' },
    river: { name: 'Riverside promenade', note: 'A tunnel of petals along the water' },
    hill: { name: 'Lantern hill', note: 'Stone steps and paper lanterns' },
  },
}

/** A fixed, seeded scatter so the sky is the same on every visit and every render. */
const STARS = (() => {
  let seed = 7
  const next = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  return Array.from({ length: 90 }, () => ({
    x: next() * 1200,
    y: next() * 800,
    r: 0.6 + next() * 1.6,
    o: 0.3 + next() * 0.6,
  }))
})()

function BlossomTree({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <circle cx={0} cy={0} r={15} className="fill-sakura-400" opacity={0.85} />
      <circle cx={-11} cy={6} r={11} className="fill-sakura-300" />
      <circle cx={11} cy={5} r={12} className="fill-sakura-200" opacity={0.9} />
      <circle cx={2} cy={-9} r={10} className="fill-sakura-200" />
      <circle cx={-4} cy={-2} r={3} className="fill-sakura-50" opacity={0.8} />
    </g>
  )
}

function NightMap() {
  const id = useId()
  const sky = `${id}-sky`
  const glow = `${id}-glow`
  const moon = `${id}-moon`
  const trees: readonly [number, number, number][] = [
    [250, 200, 0.9],
    [330, 190, 0.8],
    [320, 250, 0.7],
    [520, 190, 0.9],
    [600, 185, 1],
    [615, 245, 0.8],
    [505, 245, 0.7],
    [760, 350, 0.9],
    [840, 345, 1],
    [880, 385, 0.7],
    [960, 520, 0.9],
    [1040, 515, 1.1],
    [1020, 580, 0.8],
    [150, 560, 0.7],
    [1080, 300, 0.8],
    [700, 640, 0.7],
  ]

  return (
    <svg
      viewBox="0 0 1200 800"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className="absolute inset-0 h-full w-full"
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0d0b1e" />
          <stop offset="0.6" stopColor="#14112b" />
          <stop offset="1" stopColor="#2a2458" />
        </linearGradient>
        <radialGradient id={glow}>
          <stop offset="0" stopColor="#ff9cc0" stopOpacity="0.55" />
          <stop offset="1" stopColor="#ff9cc0" stopOpacity="0" />
        </radialGradient>
        <radialGradient id={moon}>
          <stop offset="0" stopColor="#fff3e6" stopOpacity="0.5" />
          <stop offset="1" stopColor="#fff3e6" stopOpacity="0" />
        </radialGradient>
      </defs>

      <rect width="1200" height="800" fill={`url(#${sky})`} />
      <g className="fill-cream-50">
        {STARS.map((star, index) => (
          <circle key={index} cx={star.x} cy={star.y} r={star.r} opacity={star.o} />
        ))}
      </g>
      <circle cx={1060} cy={130} r={110} fill={`url(#${moon})`} />
      <circle cx={1060} cy={130} r={38} className="fill-cream-100" />
      <circle cx={1074} cy={120} r={34} fill="#14112b" opacity={0.25} />

      {/* districts and parks */}
      <g className="fill-night-800" opacity={0.9}>
        <path d="M80 160q120-40 260-10t120 140q-40 80-190 70T60 260z" />
        <path d="M760 560q140-50 300-10t60 150q-70 60-250 40t-110-180z" />
        <path d="M420 90q120-40 230 0t40 110q-80 50-200 30T420 90z" />
      </g>
      <g className="fill-night-700" opacity={0.8}>
        <ellipse cx={560} cy={215} rx={110} ry={65} />
        <ellipse cx={1000} cy={545} rx={120} ry={80} />
        <ellipse cx={290} cy={225} rx={95} ry={55} />
      </g>
      <ellipse cx={290} cy={232} rx={46} ry={22} className="fill-lavender-600" opacity={0.45} />
      <ellipse
        cx={560}
        cy={215}
        rx={90}
        ry={48}
        fill="none"
        className="stroke-lavender-600"
        strokeWidth={10}
        opacity={0.5}
      />

      {/* the river */}
      <path
        d="M-20 300C160 330 200 520 380 520S620 400 760 420 980 640 1220 600"
        fill="none"
        className="stroke-night-600"
        strokeWidth={46}
        strokeLinecap="round"
      />
      <path
        d="M-20 300C160 330 200 520 380 520S620 400 760 420 980 640 1220 600"
        fill="none"
        className="stroke-lavender-600"
        strokeWidth={3}
        strokeDasharray="2 14"
        opacity={0.8}
      />

      {/* streets */}
      <g fill="none" className="stroke-night-600" strokeWidth={6} strokeLinecap="round">
        <path d="M120 720C300 640 420 700 560 620S820 420 1180 380" />
        <path d="M240 60C300 240 480 300 640 250S860 120 1000 40" />
        <path d="M700 800C720 640 760 520 930 470" />
      </g>
      <g fill="none" className="stroke-night-700" strokeWidth={18}>
        <path d="M355 500l-12 46" />
        <path d="M770 400l-6 44" />
      </g>

      {/* the blossom walk between the spots */}
      <path
        d="M290 220Q420 160 560 210T800 370Q920 430 1000 540"
        fill="none"
        className="stroke-peach-300"
        strokeWidth={3}
        strokeDasharray="10 10"
        strokeLinecap="round"
        opacity={0.8}
      />

      {SPOTS.map((spot, index) => (
        <circle
          key={spot.key}
          cx={spot.x}
          cy={spot.y}
          r={90}
          fill={`url(#${glow})`}
          className="motion-safe:animate-pulse"
          style={{ animationDelay: `${index * 500}ms`, animationDuration: '3s' }}
        />
      ))}
      {trees.map(([x, y, scale]) => (
        <BlossomTree key={`${x}-${y}`} x={x} y={y} scale={scale} />
      ))}
      {SPOTS.map((spot, index) => (
        <g key={spot.key} transform={`translate(${spot.x} ${spot.y - 34})`}>
          <path
            d="M0 30C-6 20-18 12-18 0a18 18 0 0 1 36 0C18 12 6 20 0 30z"
            className="fill-sakura-500 stroke-sakura-50"
            strokeWidth={2.5}
          />
          <circle r={11} className="fill-sakura-50" />
          <text
            y={5}
            textAnchor="middle"
            className="fill-night-900 font-sans"
            fontSize={14}
            fontWeight={700}
          >
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  )
}

/**
 * SakuraMap: a night map of blossom spots and a card with the page's heading, a coming-soon note
 * and the spots with their notes. On a wide screen the map fills the shell's full-bleed,
 * full-height area with the card over its lower left corner; narrower, a full-bleed map would be
 * cut at the sides, so the whole map (3:2) stands above the card.
 */
export function SakuraMapPage() {
  const legendId = useId()
  const strings = useStrings('sakuramap', SAKURAMAP)
  return (
    <div className="relative flex min-h-dvh flex-col bg-night-950 lg:h-dvh lg:max-h-full lg:min-h-fit lg:justify-end lg:overflow-hidden lg:p-8">
      <div className="relative aspect-[3/2] w-full shrink-0 lg:absolute lg:inset-0 lg:aspect-auto">
        <NightMap />
      </div>
      <div className="relative m-4 max-w-md rounded-3xl border border-line bg-raised/95 p-5 shadow-2xl shadow-night-950/60 backdrop-blur sm:m-8 sm:p-6 lg:m-0 lg:w-full">
        <div className="flex items-start gap-4">
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold text-ink sm:text-3xl">SakuraMap</h1>
            <p className="mt-2 text-ink">{strings.tagline()}</p>
          </div>
          <MofuMascot mood="sleepy" size={72} className="h-auto w-14 shrink-0 sm:w-18" />
        </div>
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-accent-soft px-3 py-1 text-xs font-semibold tracking-wide text-accent uppercase">
          {strings.comingSoon}
          {useLanguage() === 'en' && (
            <span lang="ja" className="normal-case">
              もうすぐ
            </span>
          )}
        </p>
        <p className="mt-2 text-sm text-ink-muted">{strings.sketch}</p>
        <h2 id={legendId} className="sr-only">
          {strings.legend}
        </h2>
        <ol aria-labelledby={legendId} className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {SPOTS.map((spot, index) => (
            <li key={spot.key} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-accent text-xs font-bold text-surface"
              >
                {index + 1}
              </span>
              <span>
                <span className="font-semibold text-ink">{strings.spots[spot.key].name}</span>
                <span className="block text-ink-muted">{strings.spots[spot.key].note}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}
