import { z } from 'zod'
import { CONTROL_CHARACTERS_EXPECTED, hasControlCharacter } from '../shared/control-characters'

/**
 * Every variable, trimmed. None may hold a control, line break or direction mark: CONTACT_URL
 * and MAIL_FROM end up in security.txt and mail headers, where a line break adds lines of its
 * own, and URL parsing quietly drops newlines, so a URL check alone would pass one.
 */
export const optional = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => !hasControlCharacter(value), { message: CONTROL_CHARACTERS_EXPECTED })
  .optional()
  .transform((value) => (value === '' ? undefined : value))

export const url = (protocols: readonly string[], expected: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol)
      } catch {
        return false
      }
    },
    { message: `expected ${expected}` },
  )

const PORT_EXPECTED = 'expected a port number from 0 to 65535'

export const booleanVariable = optional.pipe(
  z
    .enum(['true', 'false'], { message: 'expected true or false' })
    .default('false')
    .transform((value) => value === 'true'),
)

export const port = z
  .string()
  .regex(/^\d{1,5}$/, { message: PORT_EXPECTED })
  .transform(Number)
  .refine((value) => value <= 65535, { message: PORT_EXPECTED })

/** A comma-separated list, each entry trimmed and read; empty entries are dropped. */
export const list = (expected: string, read: (entry: string) => string | null) =>
  z.string().transform((value, context) => {
    const entries: string[] = []
    for (const text of value.split(',')) {
      if (text.trim() === '') continue
      const entry = read(text.trim())
      if (entry === null) {
        context.addIssue({ code: 'custom', message: `expected ${expected}` })
        return z.NEVER
      }
      entries.push(entry)
    }
    return entries
  })

export const wholeNumber = (max: number) =>
  z
    .number({ message: `expected a whole number from 0 to ${max}` })
    .int({ message: `expected a whole number from 0 to ${max}` })
    .min(0, { message: `expected a whole number from 0 to ${max}` })
    .max(max, { message: `expected a whole number from 0 to ${max}` })
