import { describe, expect, it } from 'vitest'
import { csvField } from './board-csv'

describe('a CSV field', () => {
  it('is written as it is when nothing in it needs quoting', () => {
    expect(csvField('葬送のフリーレン')).toBe('葬送のフリーレン')
    expect(csvField("Frieren: Beyond Journey's End")).toBe("Frieren: Beyond Journey's End")
    expect(csvField('')).toBe('')
  })

  it('is quoted, its quotes doubled, when it holds a comma, a quote or a line break', () => {
    expect(csvField('Best, ever')).toBe('"Best, ever"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"')
  })

  it('starts with an apostrophe when a spreadsheet would run it as a formula', () => {
    expect(csvField('=1+1')).toBe("'=1+1")
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-1')).toBe("'-1")
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField('\tx')).toBe("'\tx")
    expect(csvField('\rx')).toBe('"\'\rx"')
    expect(csvField('=HYPERLINK("https://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""https://evil.example"",""x"")"',
    )
    expect(csvField('a=1')).toBe('a=1')
  })
})
