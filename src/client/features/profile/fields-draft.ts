import {
  eachProfileField,
  PROFILE_FIELD_NAMES,
  type ProfileFieldAnswers,
  type ProfileFieldValues,
} from '@shared/profile-fields'

/** The profile fields as the form holds them while they are edited. */
export type FieldsDraft = ProfileFieldValues

/**
 * The saved fields as the form starts from them, each by its `draft` (PROFILE_FIELDS): an accent
 * or frame this release does not ship reads as none.
 */
export const fieldsDraft = (profile: ProfileFieldAnswers): FieldsDraft =>
  eachProfileField<FieldsDraft>((field, name) => field.draft(profile[name]))

/** The fields as they would be sent, each by its `sent`: a link row left empty is no link. */
export const sentFields = (draft: FieldsDraft): FieldsDraft =>
  eachProfileField<FieldsDraft>((field, name) => field.sent?.(draft[name]) ?? draft[name])

/**
 * The fields that differ from the saved profile: only those are sent, so a save from one browser
 * does not undo another's change to a field this one never touched.
 */
export function changedFields(draft: FieldsDraft, saved: FieldsDraft): Partial<FieldsDraft> {
  const sent = sentFields(draft)
  return Object.fromEntries(
    PROFILE_FIELD_NAMES.filter(
      (name) => JSON.stringify(sent[name]) !== JSON.stringify(saved[name]),
    ).map((name) => [name, sent[name]]),
  )
}
