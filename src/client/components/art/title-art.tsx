import type { ReactNode } from 'react'
import { seasonOf, type AnimeSeason, type AnimeType } from '@shared/anime'

const INK = '#2a2150'
const CREAM = '#fffaf3'

/**
 * A hue of the title's own, from its id: the same title is the same colour everywhere (the data
 * has no pictures, and Mofu shows none from other sites).
 */
export function titleHue(id: string): number {
  let hash = 0
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360
  return hash
}

/** A second number from the id, independent of the hue, for the pattern behind the motif. */
function patternIndex(id: string): number {
  let hash = 7
  for (const char of id) hash = (hash * 17 + (char.codePointAt(0) ?? 0)) % 9973
  return hash % PATTERNS.length
}

/** The second colour's round corner, inside the card's rounded corner. */
const CORNER = 'M52 0a30 30 0 0 0 44 38V10A10 10 0 0 0 86 0z'

/** The background's texture: one path each, so a board of a thousand cards stays light. */
const PATTERNS = [
  'M8 10h.1M24 10h.1M40 10h.1M16 22h.1M32 22h.1M8 34h.1M24 34h.1M8 58h.1M88 58h.1M72 58h.1',
  'M0 52q8-6 16 0t16 0t16 0t16 0t16 0t16 0M0 60q8-6 16 0t16 0t16 0t16 0t16 0t16 0',
  'M-4 20l24-24M-4 36l40-40M-4 52l56-56M40 68l60-60M56 68l44-44',
] as const

/** What the title is: a television, a phone for the web, a clapperboard, a disc; each smiles. */
const TYPE_MOTIFS: Record<AnimeType, ReactNode> = {
  tv: (
    <>
      <path d="M28 22l6 6M46 20l-6 8" stroke={INK} strokeWidth={2} strokeLinecap="round" />
      <rect x={18} y={27} width={36} height={27} rx={7} fill={CREAM} stroke={INK} strokeWidth={2} />
      <rect x={23} y={31} width={26} height={19} rx={4} fill="#c4b5fd" />
    </>
  ),
  web: (
    <>
      <rect x={23} y={18} width={26} height={38} rx={6} fill={CREAM} stroke={INK} strokeWidth={2} />
      <rect x={27} y={25} width={18} height={24} rx={3} fill="#ffc2d9" />
      <path d="M33 21.5h6" stroke={INK} strokeWidth={1.6} strokeLinecap="round" />
    </>
  ),
  movie: (
    <>
      <path d="M17 24l36-8 1.5 6-36 8z" fill={INK} />
      <path d="M24 22.5l3 5.5M33 20.5l3 5.5M42 18.5l3 5.5" stroke={CREAM} strokeWidth={2.4} />
      <rect x={18} y={30} width={36} height={25} rx={4} fill={CREAM} stroke={INK} strokeWidth={2} />
      <rect x={22} y={34} width={28} height={17} rx={3} fill="#ffc49b" />
    </>
  ),
  ova: (
    <>
      <circle cx={36} cy={38} r={17} fill={CREAM} stroke={INK} strokeWidth={2} />
      <circle cx={36} cy={38} r={12} fill="#8fd19e" />
      <circle cx={36} cy={38} r={3} fill={CREAM} stroke={INK} strokeWidth={1.4} />
    </>
  ),
}

/** Where each type's face sits (its screen or its disc). */
const FACE_AT: Record<AnimeType, { x: number; y: number }> = {
  tv: { x: 36, y: 40 },
  web: { x: 36, y: 37 },
  movie: { x: 36, y: 42 },
  ova: { x: 36, y: 31 },
}

const SNOWFLAKE = 'M78 5v24M67.6 11l20.8 12M67.6 23l20.8-12M75 7l3 3 3-3M75 27l3-3 3 3'

/** When the title began: a blossom, a sun, a maple leaf, a snowflake; a star when unknown. */
const SEASON_MOTIFS: Record<AnimeSeason | 'unknown', ReactNode> = {
  spring: (
    <g fill="#ffc2d9" stroke="#e94f8a" strokeWidth={1}>
      {[0, 72, 144, 216, 288].map((angle) => (
        <path
          key={angle}
          d="M78 17q-5-6-2-10l2 2 2-2q3 4-2 10z"
          transform={`rotate(${angle} 78 17)`}
        />
      ))}
      <circle cx={78} cy={17} r={2.2} fill="#ffa86b" stroke="none" />
    </g>
  ),
  summer: (
    <>
      <path
        d="M78 3v4M78 27v4M64 17h4M88 17h4M68 7l3 3M85 24l3 3M88 7l-3 3M71 24l-3 3"
        stroke="#f98c4a"
        strokeWidth={2.2}
        strokeLinecap="round"
      />
      <circle cx={78} cy={17} r={7} fill="#ffc49b" stroke="#f98c4a" strokeWidth={1.5} />
    </>
  ),
  autumn: (
    <>
      <path
        d="M78 5l2.5 5 4-2-1 5.5 5-.5-3 4.5 3 2-6 .5.5 4-5-2.5-5 2.5.5-4-6-.5 3-2-3-4.5 5 .5-1-5.5 4 2z"
        fill="#f98c4a"
        stroke="#a84a12"
        strokeWidth={1}
        strokeLinejoin="round"
      />
      <path d="M78 20v8" stroke="#a84a12" strokeWidth={1.6} strokeLinecap="round" />
    </>
  ),
  winter: (
    <g fill="none" strokeLinecap="round" strokeLinejoin="round">
      <path d={SNOWFLAKE} stroke="#6d4bd0" strokeWidth={4} />
      <path d={SNOWFLAKE} stroke={CREAM} strokeWidth={2} />
    </g>
  ),
  unknown: (
    <path
      d="M78 6l3 6.2 6.8.9-5 4.7 1.3 6.7-6.1-3.3-6.1 3.3 1.3-6.7-5-4.7 6.8-.9z"
      fill="#ffc49b"
      stroke="#f98c4a"
      strokeWidth={1.2}
      strokeLinejoin="round"
    />
  ),
}

/** What the art needs of a title: its id for the colour, its type and first air date. */
export interface TitleArtSubject {
  id: string
  type: AnimeType
  beginAt: string | null
}

/**
 * A title's card art, drawn for Mofu: a colour of its own (from the id, pastel in the light
 * theme and deep in the dark one), a pattern, a smiling motif for its type and a sticker for the
 * season it began in. Decorative: the title's name is always written beside it. Flat fills and
 * no ids (no gradients or defs), so a thousand of them on one page cost little and never clash.
 */
export function TitleArt({
  anime,
  className = 'h-16 w-24',
}: {
  anime: TitleArtSubject
  className?: string
}) {
  const hue = titleHue(anime.id)
  const face = FACE_AT[anime.type]
  const season = seasonOf(anime.beginAt)?.season ?? 'unknown'
  const second = (hue + 40) % 360
  return (
    <svg
      viewBox="0 0 96 64"
      className={`shrink-0 ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      {/* Fills as attributes, one set per theme: no inline style to differ in its spelling. */}
      <g className="dark:hidden">
        <rect width={96} height={64} rx={10} fill={`hsl(${hue} 85% 84%)`} />
        <path d={CORNER} fill={`hsl(${second} 85% 74%)`} />
      </g>
      <g className="hidden dark:inline">
        <rect width={96} height={64} rx={10} fill={`hsl(${hue} 45% 30%)`} />
        <path d={CORNER} fill={`hsl(${second} 50% 40%)`} />
      </g>
      <path
        d={PATTERNS[patternIndex(anime.id)]}
        fill="none"
        strokeWidth={3}
        strokeLinecap="round"
        className="stroke-white/50 dark:stroke-white/15"
      />
      {TYPE_MOTIFS[anime.type]}
      <g fill={INK}>
        <circle cx={face.x - 5} cy={face.y} r={1.6} />
        <circle cx={face.x + 5} cy={face.y} r={1.6} />
      </g>
      <path
        d={`M${face.x - 3} ${face.y + 3.5}q3 3 6 0`}
        fill="none"
        stroke={INK}
        strokeWidth={1.5}
        strokeLinecap="round"
      />
      <g fill="#f873a5" opacity={0.6}>
        <circle cx={face.x - 9} cy={face.y + 4} r={2} />
        <circle cx={face.x + 9} cy={face.y + 4} r={2} />
      </g>
      {SEASON_MOTIFS[season]}
    </svg>
  )
}
