import { rgbaToThumbHash } from 'thumbhash'
import { describe, expect, it } from 'vitest'
import { thumbhashPlaceholder } from './thumbhash-placeholder'

/** The thumbhash of a square of one colour, base64 as the profile carries it. */
function thumbhashOf(r: number, g: number, b: number): string {
  const side = 16
  const rgba = new Uint8Array(side * side * 4)
  for (let at = 0; at < rgba.length; at += 4) rgba.set([r, g, b, 255], at)
  return btoa(String.fromCharCode(...rgbaToThumbHash(side, side, rgba)))
}

describe('thumbhashPlaceholder', () => {
  it("paints the profile's thumbhash as a PNG data URL, one per thumbhash", () => {
    const pink = thumbhashPlaceholder(thumbhashOf(224, 80, 144))
    const navy = thumbhashPlaceholder(thumbhashOf(20, 24, 80))
    expect(pink).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/)
    expect(navy).toMatch(/^data:image\/png;base64,/)
    expect(navy).not.toBe(pink)
    expect(thumbhashPlaceholder(thumbhashOf(224, 80, 144))).toBe(pink)
  })

  it('paints nothing without a thumbhash, or with one that is not base64', () => {
    expect(thumbhashPlaceholder('')).toBeUndefined()
    expect(thumbhashPlaceholder('not base64!')).toBeUndefined()
  })
})
