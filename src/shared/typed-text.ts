// zod/mini, not zod: the profile view and the board load this (docs/architecture.md "Client").
import * as z from 'zod/mini'

/** What typed text says when it holds what no one means to type. */
export const TYPED_TEXT_MESSAGES = {
  control: 'Please remove control characters',
  broken: 'Please remove broken characters',
} as const

/** What typed text says when it is longer than `max`. */
export const tooLongMessage = (max: number) => `At most ${max} characters`

/** Characters as people count them: an emoji is one, not two UTF-16 units. */
const characters = (text: string) => [...text].length

/**
 * Text a person types: trimmed, at most `max` characters, no control characters (but line
 * breaks where allowed, CR LF and CR read as LF) and no halves of an emoji.
 */
export const typedText = (max: number, tooLong: string, { lineBreaks }: { lineBreaks: boolean }) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(max * 4)),
      z.transform((text: string) => (lineBreaks ? text.replace(/\r\n?/g, '\n') : text).trim()),
    ),
    z.string().check(
      z.refine((text) => characters(text) <= max, { message: tooLong }),
      z.refine((text) => !(lineBreaks ? /[^\P{Cc}\n]/u : /\p{Cc}/u).test(text), {
        message: TYPED_TEXT_MESSAGES.control,
      }),
      z.refine((text) => !/\p{Cs}/u.test(text), { message: TYPED_TEXT_MESSAGES.broken }),
    ),
  )
