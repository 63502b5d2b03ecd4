import { INK, MofuBody, RoundEyes } from './mofu-body'

export type MofuMood = 'calm' | 'happy' | 'sleepy' | 'lost'

/** A four-point sparkle centred on (x, y). */
function sparkle(x: number, y: number, s: number): string {
  const k = s * 0.28
  return `M${x} ${y - s}Q${x + k} ${y - k} ${x + s} ${y}Q${x + k} ${y + k} ${x} ${y + s}Q${x - k} ${y + k} ${x - s} ${y}Q${x - k} ${y - k} ${x} ${y - s}Z`
}

function Eyes({ mood, iris }: { mood: Exclude<MofuMood, 'calm'>; iris: string }) {
  if (mood === 'happy') {
    return (
      <g fill="none" stroke={INK} strokeWidth={4} strokeLinecap="round" strokeLinejoin="round">
        <path d="M55 88q8-11 16 0" />
        <path d="M89 88q8-11 16 0" />
      </g>
    )
  }
  if (mood === 'sleepy') {
    return (
      <g fill="none" stroke={INK} strokeWidth={3.6} strokeLinecap="round">
        <path d="M55 86q8 7 16 0" />
        <path d="M89 86q8 7 16 0" />
        <path d="M55 86l-3-2M105 86l3-2" strokeWidth={2.4} />
      </g>
    )
  }
  return (
    <g>
      <RoundEyes iris={iris} pupil={0.86} />
      <g fill="none" stroke={INK} strokeWidth={2.8} strokeLinecap="round">
        <path d="M53 75q6-1 11-6" />
        <path d="M107 75q-6-1-11-6" />
      </g>
    </g>
  )
}

function Mouth({ mood }: { mood: Exclude<MofuMood, 'calm'> }) {
  switch (mood) {
    case 'happy':
      return (
        <g>
          <path d="M70 101q10 1 20 0q-1 13-10 13t-10-13z" fill={INK} />
          <path d="M74 109.5q6-4.5 12 0q-2.5 4-6 4t-6-4z" fill="#ff7aa8" />
        </g>
      )
    case 'sleepy':
      return <ellipse cx={80} cy={104} rx={3.2} ry={2.6} fill={INK} />
    case 'lost':
      return (
        <path
          d="M71 106q3-4 6 0t6 0t6 0"
          fill="none"
          stroke={INK}
          strokeWidth={2.6}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )
  }
}

function Extras({ mood }: { mood: Exclude<MofuMood, 'calm'> }) {
  if (mood === 'happy') {
    return (
      <g>
        <path d={sparkle(22, 44, 8)} fill="#ffc49b" />
        <path d={sparkle(140, 36, 6)} fill="#c4b5fd" />
        <path d={sparkle(146, 98, 4.5)} fill="#ff9cc0" />
        <path d={sparkle(14, 104, 4)} fill="#c4b5fd" />
      </g>
    )
  }
  if (mood === 'sleepy') {
    return (
      <g fill="none" stroke="#8f7be0" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
        <path d="M128 44h10l-10 11h10" />
        <path d="M144 24h7l-7 8h7" strokeWidth={2.4} opacity={0.8} />
      </g>
    )
  }
  return (
    <g>
      <path
        d="M128 26q1-10 10-10t9 8q0 6-7 9-3 1.5-3 6"
        fill="none"
        stroke="#8f7be0"
        strokeWidth={4.4}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx={137} cy={49} r={2.8} fill="#8f7be0" />
      <path d="M118 62q-4 6-4 9a4 4 0 0 0 8 0q0-3-4-9z" fill="#a5d8ff" stroke="#6fa8dc" />
    </g>
  )
}

/**
 * Mofu in a mood: calm (as in the sidebar), happy, sleepy or lost. Decorative unless `title` is
 * given.
 */
export function MofuMascot({
  mood = 'calm',
  ...props
}: {
  mood?: MofuMood
  size?: number
  className?: string
  title?: string
}) {
  if (mood === 'calm') return <MofuBody {...props} />
  return (
    <MofuBody
      {...props}
      face={{
        eyes: (iris) => <Eyes mood={mood} iris={iris} />,
        mouth: (
          <>
            <Mouth mood={mood} />
            <Extras mood={mood} />
          </>
        ),
      }}
    />
  )
}
