import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ACCENTS } from '../../src/shared/profile-fields'

const css = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../src/client/app/styles.css'),
  'utf8',
)

/**
 * The accent colours a profile may choose (src/shared/profile-fields.ts) against the
 * stylesheet's surfaces (src/client/app/styles.css): each theme's shade must keep WCAG AA contrast for text on all of them.
 */

/** The theme's surfaces as the stylesheet sets them: what accent text is drawn on. */
function surfaces(theme: 'light' | 'dark'): string[] {
  const palette = new Map(
    [...css.matchAll(/--(color-[a-z]+-\d+):\s*(#[0-9a-f]{6})/g)].map(([, name, hex]) => [
      name,
      hex,
    ]),
  )
  const block = css.split(theme === 'light' ? /^:root \{/m : /^:root\.dark \{/m)[1] ?? ''
  const body = block.slice(0, block.indexOf('}'))
  return ['surface', 'raised', 'sunken'].map((role) => {
    const value = new RegExp(`--mofu-${role}:\\s*([^;]+);`).exec(body)?.[1]?.trim() ?? ''
    const named = /^var\(--(color-[a-z]+-\d+)\)$/.exec(value)?.[1]
    return named === undefined ? value : (palette.get(named) ?? '')
  })
}

/** WCAG 2's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe('accent colours', () => {
  it.each(['light', 'dark'] as const)(
    'keep 4.5:1 contrast on every surface of the %s theme',
    (theme) => {
      const under = surfaces(theme)
      expect(under).toHaveLength(3)
      for (const surface of under) expect(surface).toMatch(/^#[0-9a-f]{6}$/)
      const weak = Object.entries(ACCENTS).flatMap(([name, shades]) =>
        under
          .map((surface) => ({ name, surface, ratio: contrast(shades[theme], surface) }))
          .filter(({ ratio }) => ratio < 4.5),
      )
      expect(weak).toEqual([])
    },
  )
})
