// zod/mini, not zod: the profile view loads this (docs/architecture.md "Client").
import * as z from 'zod/mini'
import { tooLongMessage, typedText } from './typed-text'

/**
 * One profile field, written once (profile-fields.ts lists them). `patch` is what PATCH
 * /api/me/profile keeps and the edit form holds; `answer`, what every answer carries, read
 * leniently (a later release may keep more); `Stored`, what its column in `profiles` holds.
 */
export interface ProfileFieldDescriptor<
  Patch extends z.ZodMiniType,
  Answer extends z.ZodMiniType,
  Column extends string,
  Stored extends string | number,
> {
  /** The rules a value passes before it is kept. */
  patch: Patch
  /** What an answer carries; absent reads as `empty` (a server of an earlier release). */
  answer: Answer
  /** The field unset: a new profile's, and what its column's default reads as. */
  empty: z.output<Patch> & z.output<Answer>
  column: Column
  /** The column's value as answered; the column's type is this one's parameter. */
  read: (stored: Stored) => z.output<Answer>
  write: (value: z.output<Patch>) => NoInfer<Stored>
  /** The edit form's value from an answer: what this release can show or choose. */
  draft: (answered: z.output<Answer>) => z.output<Patch>
  /** The form's value as it is sent, when that is less than the form holds. */
  sent?: (value: z.output<Patch>) => z.output<Patch>
}

/** A field of its own kind, each of its functions typed by its own values. */
export const field = <
  Patch extends z.ZodMiniType,
  Answer extends z.ZodMiniType,
  Column extends string,
  Stored extends string | number,
>(
  descriptor: ProfileFieldDescriptor<Patch, Answer, Column, Stored>,
) => descriptor

/** Taken, kept, answered and edited as it is. */
export const same = <Value>(value: Value) => value

/**
 * Text a person types, kept as it is answered: trimmed, '' for none. The edit form draws its
 * input from `lineBreaks`: a box that takes them, or a single line.
 */
export const textField = <Column extends string>(
  column: Column,
  maxLength: number,
  { lineBreaks }: { lineBreaks: boolean },
) => ({
  ...field({
    patch: typedText(maxLength, tooLongMessage(maxLength), { lineBreaks }),
    answer: z.string(),
    empty: '',
    column,
    read: same<string>,
    write: same<string>,
    draft: same<string>,
  }),
  maxLength,
  lineBreaks,
})

/**
 * One of the names Mofu ships, '' for none; a name this release does not ship edits as none.
 * The edit form draws its input from `options`: a radio button for each, and one for none.
 */
export const choiceField = <Column extends string, const Option extends string>(
  column: Column,
  options: readonly Option[],
) => ({
  ...field({
    patch: z.union([z.enum(options), z.literal('')]),
    answer: z.string(),
    empty: '',
    column,
    read: same<string>,
    write: same<Option | ''>,
    draft: (answered) => options.find((option) => option === answered) ?? '',
  }),
  options,
})

/**
 * A descriptor as code that treats every field alike sees it. Its functions are methods, which
 * TypeScript lets each field's own descriptor stand for, whatever its types.
 */
export interface AnyProfileField {
  readonly patch: z.ZodMiniType
  readonly answer: z.ZodMiniType
  readonly empty: unknown
  readonly column: string
  read(stored: unknown): unknown
  write(value: unknown): unknown
  draft(answered: unknown): unknown
  sent?(value: unknown): unknown
  /** A text field's most characters, which its input and its message name (textField). */
  readonly maxLength?: number
  /** Whether a text field takes line breaks (textField). */
  readonly lineBreaks?: boolean
  /** A choice field's names, besides '' for none (choiceField). */
  readonly options?: readonly string[]
}
