import type { ReactNode } from 'react'

const INK = '#2a2150'

/**
 * Little sticker-style drawings for cards, drawn for Mofu so they look the same on every system
 * (emoji fonts differ, and some machines have none).
 */
const ICONS = {
  lantern: (
    <>
      <path d="M24 8v4" stroke={INK} strokeWidth={2} strokeLinecap="round" />
      <rect x={18} y={11} width={12} height={4} rx={1.5} fill={INK} />
      <rect x={18} y={33} width={12} height={4} rx={1.5} fill={INK} />
      <ellipse cx={24} cy={24} rx={11} ry={11} fill="#e94f8a" />
      <path
        d="M14 20h20M13 24h22M14 28h20"
        stroke="#ffc2d9"
        strokeWidth={1.4}
        strokeLinecap="round"
      />
      <path d="M24 37v4" stroke={INK} strokeWidth={2} strokeLinecap="round" />
      <ellipse cx={20} cy={19} rx={3} ry={2} fill="#fff1f6" opacity={0.6} />
    </>
  ),
  cup: (
    <>
      <path
        d="M19 9q-3 4 0 8M25 7q-3 5 0 10"
        fill="none"
        stroke="#ff9cc0"
        strokeWidth={2}
        strokeLinecap="round"
      />
      <path d="M12 20h22v6a11 11 0 0 1-22 0z" fill="#c4b5fd" />
      <path d="M34 22h2a4 4 0 0 1 0 8h-3" fill="none" stroke="#a78bfa" strokeWidth={2.4} />
      <ellipse cx={23} cy={20} rx={11} ry={2.6} fill="#a0522d" opacity={0.75} />
      <ellipse cx={23} cy={38.5} rx={14} ry={2.5} fill="#ddd6fe" />
    </>
  ),
  tangerine: (
    <>
      <circle cx={24} cy={27} r={13} fill="#ffa86b" />
      <circle cx={19} cy={22} r={3} fill="#ffc49b" opacity={0.8} />
      <path d="M24 14q1-5 5-6" fill="none" stroke="#7a5c3a" strokeWidth={2} strokeLinecap="round" />
      <path d="M25 12q7-5 12 0q-6 5-12 0z" fill="#5fb878" />
      <circle cx={24} cy={15} r={1.4} fill="#3f8f57" />
    </>
  ),
  sunrise: (
    <>
      <circle cx={30} cy={24} r={8} fill="#ffc49b" />
      <path d="M6 38l12-18 8 10 5-6 11 14z" fill="#6d4bd0" />
      <path d="M18 20l-3 4.5 3 1.5 3-1.5z" fill="#fff1f6" />
      <path d="M10 40h28" stroke="#ff9cc0" strokeWidth={2} strokeLinecap="round" />
    </>
  ),
  shootingStar: (
    <>
      <path
        d="M8 34l12-8M6 26l12-6M14 40l10-8"
        stroke="#c4b5fd"
        strokeWidth={2.2}
        strokeLinecap="round"
      />
      <path
        d="M31 10l3.2 6.6 7.3 1-5.3 5.1 1.3 7.2-6.5-3.4-6.5 3.4 1.3-7.2-5.3-5.1 7.3-1z"
        fill="#ffc49b"
        stroke="#f98c4a"
        strokeWidth={1.2}
        strokeLinejoin="round"
      />
    </>
  ),
  key: (
    <>
      <circle cx={17} cy={20} r={8} fill="none" stroke="#f98c4a" strokeWidth={4} />
      <path
        d="M23 25l13 13M31 33l4-4M35 37l3-3"
        stroke="#f98c4a"
        strokeWidth={4}
        strokeLinecap="round"
      />
      <path d="M13 9q2-3 5-1" fill="none" stroke="#5fb878" strokeWidth={2} strokeLinecap="round" />
    </>
  ),
  shell: (
    <>
      <path d="M24 38L10 22a14 14 0 0 1 28 0z" fill="#ff9cc0" />
      <path
        d="M24 38L15 14M24 38V10M24 38l9-24M24 38L10 22M24 38l14-16"
        stroke="#e94f8a"
        strokeWidth={1.4}
        strokeLinecap="round"
      />
      <rect x={19} y={36} width={10} height={4} rx={2} fill="#f873a5" />
    </>
  ),
  dango: (
    <>
      <path d="M14 40L36 8" stroke="#a0522d" strokeWidth={2.4} strokeLinecap="round" />
      <circle cx={30} cy={16} r={6} fill="#ff9cc0" />
      <circle cx={25} cy={24} r={6} fill="#fff7fb" stroke="#f0d5e0" />
      <circle cx={20} cy={32} r={6} fill="#8fd19e" />
    </>
  ),
  heart: (
    <path
      d="M24 39s-14-8.5-14-18a7.5 7.5 0 0 1 14-3.8A7.5 7.5 0 0 1 38 21c0 9.5-14 18-14 18z"
      fill="#f873a5"
      stroke="#c9346f"
      strokeWidth={1.5}
      strokeLinejoin="round"
    />
  ),
  pin: (
    <>
      <path d="M24 28v13" stroke={INK} strokeWidth={2.4} strokeLinecap="round" />
      <path d="M17 9h14l-3 8 5 6v4H15v-4l5-6z" fill="#e94f8a" />
      <path d="M19 10h3l-2 7" fill="none" stroke="#ffc2d9" strokeWidth={1.5} />
    </>
  ),
  basket: (
    <>
      <path d="M15 20q9-14 18 0" fill="none" stroke="#a0522d" strokeWidth={2.6} />
      <path d="M9 20h30l-4 18H13z" fill="#ffa86b" />
      <path d="M12 26h24M13 32h22" stroke="#f98c4a" strokeWidth={1.6} />
      <path d="M24 24.5s-4-2.5-4-5a2 2 0 0 1 4-1 2 2 0 0 1 4 1c0 2.5-4 5-4 5z" fill="#f873a5" />
    </>
  ),
  blossom: (
    <>
      {[0, 72, 144, 216, 288].map((angle) => (
        <path
          key={angle}
          d="M24 24q-7-8-3-14l3 3 3-3q4 6-3 14z"
          fill="#ffc2d9"
          stroke="#f873a5"
          strokeWidth={1}
          transform={`rotate(${angle} 24 24)`}
        />
      ))}
      <circle cx={24} cy={24} r={3.5} fill="#ffa86b" />
    </>
  ),
  picture: (
    <>
      <rect x={8} y={11} width={32} height={26} rx={4} fill="#2a2458" />
      <circle cx={31} cy={19} r={3.5} fill="#fff3e6" />
      <path d="M8 33l10-10 8 8 5-5 9 9v2H8z" fill="#f873a5" />
      <rect
        x={8}
        y={11}
        width={32}
        height={26}
        rx={4}
        fill="none"
        stroke="#c4b5fd"
        strokeWidth={2}
      />
    </>
  ),
  house: (
    <>
      <path
        d="M8 23L24 10l16 13"
        fill="none"
        stroke="#e94f8a"
        strokeWidth={3}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M12 21v17h24V21L24 12z" fill="#ffe0ec" />
      <rect x={20} y={27} width={8} height={11} rx={2} fill="#ffa86b" />
      <circle cx={24} cy={20} r={2.5} fill="#ffc49b" />
    </>
  ),
  sprout: (
    <>
      <path d="M24 40V22" stroke="#3f8f57" strokeWidth={2.6} strokeLinecap="round" />
      <path d="M24 24q-2-11-13-11q0 11 13 11z" fill="#8fd19e" />
      <path d="M24 28q2-11 13-11q0 11-13 11z" fill="#5fb878" />
      <path d="M14 40h20" stroke="#a0522d" strokeWidth={3} strokeLinecap="round" />
    </>
  ),
} satisfies Record<string, ReactNode>

export type SceneIconName = keyof typeof ICONS

/** A decorative sticker: the drawing on a soft round badge that reads on light and dark cards. */
export function SceneIcon({ name, size = 56 }: { name: SceneIconName; size?: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      <circle cx={24} cy={24} r={23} fill="#fffaf3" opacity={0.92} />
      <circle cx={24} cy={24} r={23} fill="none" stroke="#ffc2d9" strokeWidth={1} />
      <g transform="translate(4.8 4.8) scale(0.8)">{ICONS[name]}</g>
    </svg>
  )
}
