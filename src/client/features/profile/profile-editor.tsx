import { useRef, useState, type FormEvent } from 'react'
import {
  HANDLE_MAX_LENGTH,
  HANDLE_MESSAGES,
  NAME_MAX_LENGTH,
  normalizeHandle,
  ProfilePatchSchema,
  type Profile,
} from '@shared/profile'
import { Button, Field, Notice } from '@client/components/ui'
import { ApiError, errorMessage } from '@client/lib/http'
import { useLeaveGuard } from '@client/lib/leave-guard'
import { AvatarEditor } from './avatar/avatar-editor'
import { BannerEditor } from './banner/banner-editor'
import { HandleSuggestions } from './handle-suggestions'
import { changedFields, fieldsDraft, sentFields, type FieldsDraft } from './fields-draft'
import { ProfileFieldsEditor } from './profile-fields-editor'
import { profileSaved, useCheckLinks, useSaveProfile } from './profile-query'
import { availabilityMessage, useHandleAvailability } from './use-handle-availability'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/** Edit mode: banner and avatar (each saved when chosen), then name, ID and the profile fields, saved together. */
export function ProfileEditor({
  profile,
  onCancel,
  onSaved,
}: {
  profile: Profile
  onCancel: () => void
  onSaved: (profile: Profile) => void
}) {
  const [name, setName] = useState(profile.name)
  const [handle, setHandle] = useState(profile.displayUsername)
  const [draft, setDraft] = useState<FieldsDraft>(() => fieldsDraft(profile))
  const { availability, check, refuse } = useHandleAvailability(profile.username)
  const strings = useStrings('profile', PROFILE)
  const t = useMessages()
  const saveMutation = useSaveProfile()
  const checkLinks = useCheckLinks()
  const form = useRef<HTMLFormElement>(null)
  const saving = saveMutation.isPending
  const [failure, setFailure] = useState<string | null>(null)
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({})

  const changeHandle = (typed: string) => {
    const { username, displayUsername } = normalizeHandle(typed)
    setHandle(displayUsername)
    setProblems((current) => ({ ...current, handle: undefined }))
    check(username)
  }

  const unsaved =
    name !== profile.name ||
    handle !== profile.displayUsername ||
    Object.keys(changedFields(draft, fieldsDraft(profile))).length > 0
  useLeaveGuard(unsaved && !saving, strings.unsaved)

  const username = normalizeHandle(handle).username
  const suggestions = availability.state === 'refused' ? availability.suggestions : []
  const saveDisabled =
    saving ||
    availability.state === 'checking' ||
    availability.state === 'refused' ||
    availability.state === 'invalid' ||
    name.trim() === '' ||
    username === ''

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (saveDisabled) return
    setFailure(null)
    // Rows left empty go, so each problem's row number is the row shown.
    const shown = sentFields(draft)
    setDraft(shown)
    const patch = { name, handle, ...changedFields(shown, fieldsDraft(profile)) }
    // The server's own rules, checked here first so each field shows its own message.
    const checked = ProfilePatchSchema.safeParse(patch)
    setProblems(checked.success ? {} : fieldProblems(checked.error.issues))
    if (!checked.success) return
    try {
      const saved = await saveMutation.mutateAsync(patch)
      // New links, or a new handle to link back to: their pages are checked (the view shows it).
      const recheck = patch.links !== undefined || saved.username !== profile.username
      if (recheck && saved.links.length > 0 && saved.username !== '') checkLinks.mutate()
      onSaved(saved)
    } catch (error) {
      const refusal = error instanceof ApiError ? REFUSED_HANDLE[error.code] : undefined
      if (refusal !== undefined) refuse(username, refusal)
      else if (error instanceof ApiError && error.code === 'HANDLE_CHANGES_LIMITED') {
        // The ID is free, only not for this account yet: said under it, not as its availability.
        setProblems({ handle: HANDLE_MESSAGES.changesLimited })
      } else if (error instanceof ApiError && error.issues !== undefined) {
        setProblems(fieldProblems(error.issues))
      } else setFailure(errorMessage(error))
    }
  }

  return (
    <form
      ref={form}
      onSubmit={save}
      aria-label={strings.editor.form}
      className="flex flex-col gap-4"
    >
      <BannerEditor
        banner={profile.banner}
        thumbhash={profile.bannerThumbhash}
        onChanged={(changed) => profileSaved({ ...profile, ...changed })}
      />
      <AvatarEditor
        avatar={profile.avatar}
        thumbhash={profile.avatarThumbhash}
        frame={draft.frame}
        onChanged={(changed) => profileSaved({ ...profile, ...changed })}
      />
      <Field
        label={strings.editor.name}
        name="name"
        autoComplete="nickname"
        maxLength={NAME_MAX_LENGTH}
        value={name}
        problem={problems.name}
        onChange={(event) => {
          setName(event.target.value)
          setProblems((current) => ({ ...current, name: undefined }))
        }}
      />
      <div className="flex flex-col gap-1.5">
        <Field
          label={strings.editor.id}
          name="handle"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={HANDLE_MAX_LENGTH}
          aria-describedby="handle-status"
          value={handle}
          onChange={(event) => changeHandle(event.target.value)}
        />
        <div aria-live="polite">
          <p
            id="handle-status"
            data-testid="handle-status"
            className={`min-h-5 text-sm ${
              problems.handle === undefined && availability.state === 'available'
                ? 'text-ink'
                : problems.handle === undefined &&
                    (availability.state === 'checking' || availability.state === 'unchanged')
                  ? 'text-ink-muted'
                  : 'font-semibold text-accent'
            }`}
          >
            {t(problems.handle ?? availabilityMessage(availability) ?? '')}
          </p>
          {suggestions.length > 0 && (
            <p className="sr-only">{strings.editor.freeIds(suggestions.join(', '))}</p>
          )}
        </div>
        <HandleSuggestions
          suggestions={suggestions}
          onUse={(suggestion) => {
            changeHandle(suggestion)
            // The pill goes away with the refusal; focus stays where the next keystroke belongs.
            const field = form.current?.elements.namedItem('handle')
            if (field instanceof HTMLInputElement) field.focus()
          }}
        />
      </div>
      <ProfileFieldsEditor
        draft={draft}
        problems={problems}
        onChange={(changed, edited) => {
          setDraft(changed)
          // Adding or removing a row renumbers the rows below it: their problems go with it.
          setProblems((current) =>
            Object.fromEntries(
              Object.entries(current).filter(([field]) =>
                edited === 'links' ? !field.startsWith('links') : field !== edited,
              ),
            ),
          )
        }}
      />
      {failure !== null && <Notice tone="error">{failure}</Notice>}
      <div className="flex gap-3">
        <Button type="submit" busy={saving} disabled={saveDisabled}>
          {saving ? t(HANDLE_MESSAGES.saving) : strings.editor.save}
        </Button>
        <Button variant="secondary" disabled={saving} onClick={onCancel}>
          {strings.cancel}
        </Button>
      </div>
    </form>
  )
}

/** A save refused for its handle, by the code of the 409. */
const REFUSED_HANDLE: Partial<Record<string, string>> = {
  HANDLE_TAKEN: HANDLE_MESSAGES.taken,
  HANDLE_TOO_SIMILAR: HANDLE_MESSAGES.tooSimilar,
}

/** The first message for each field, from the schema's or the server's issues. */
function fieldProblems(
  issues: readonly { path?: readonly PropertyKey[]; field?: string; message: string }[],
) {
  const problems: Partial<Record<string, string>> = {}
  for (const issue of issues) {
    const field = issue.field ?? issue.path?.map(String).join('.') ?? ''
    problems[field] ??= issue.message
  }
  return problems
}
