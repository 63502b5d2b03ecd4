import { useState, type FormEvent } from 'react'
import { PASSKEY_MESSAGES, PasskeyNameSchema, type PasskeySummary } from '@shared/passkeys'
import { ConfirmDialog } from '@client/components/confirm-dialog'
import { Button, Field, Notice, type Flash } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { addPasskey, deletePasskey } from './passkey-api'
import { signInMethodsChanged, usePasskeys } from './passkey-queries'
import { PasswordRemoval } from './password-removal'

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const nameOf = (passkey: PasskeySummary) => passkey.name ?? 'Passkey'

/**
 * "Passkeys" (README "Passkeys"): the account's passkeys with their names and when they were
 * added; add one under a name, remove one after a confirmation; and removing the password.
 */
export function PasskeysSection({ uid }: { uid: string }) {
  const passkeys = usePasskeys(uid)
  const [name, setName] = useState('')
  const [nameProblem, setNameProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<'add' | 'remove' | null>(null)
  const [flash, setFlash] = useState<Flash>(null)
  const [confirming, setConfirming] = useState<PasskeySummary | null>(null)
  const [removeProblem, setRemoveProblem] = useState<string | null>(null)
  const list = passkeys.data

  const add = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = PasskeyNameSchema.safeParse(name)
    if (!parsed.success) {
      setNameProblem(parsed.error.issues[0]?.message ?? PASSKEY_MESSAGES.nameEmpty)
      return
    }
    setNameProblem(null)
    setFlash(null)
    setBusy('add')
    const outcome = await addPasskey(parsed.data)
    setBusy(null)
    if (outcome.ok) {
      setName('')
      setFlash({ tone: 'success', text: PASSKEY_MESSAGES.added })
      await signInMethodsChanged(uid)
    } else if (outcome.message !== null) {
      setFlash({ tone: 'error', text: outcome.message })
    }
  }

  const remove = async (passkey: PasskeySummary) => {
    setBusy('remove')
    setRemoveProblem(null)
    try {
      await deletePasskey(passkey.id)
      setConfirming(null)
      setFlash({ tone: 'success', text: PASSKEY_MESSAGES.removed })
      await signInMethodsChanged(uid)
    } catch (error) {
      setRemoveProblem(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby="passkeys-heading" className="flex flex-col gap-3">
      <h3 id="passkeys-heading" className="text-sm font-bold tracking-wide">
        Passkeys
      </h3>
      <p className="text-sm text-ink-muted">
        Sign in with your fingerprint, face or screen lock instead of a password.
      </p>
      {passkeys.isError && (
        <>
          <Notice tone="error">{errorMessage(passkeys.error)}</Notice>
          <Button variant="secondary" onClick={() => void passkeys.refetch()}>
            Try again
          </Button>
        </>
      )}
      {list === undefined && !passkeys.isError && (
        <div
          aria-busy="true"
          aria-label="Loading your passkeys"
          className="h-12 animate-pulse rounded-2xl bg-accent-soft"
        />
      )}
      {list !== undefined && list.length > 0 && (
        <ul aria-label="Your passkeys" className="flex flex-col gap-2">
          {list.map((passkey) => (
            <li
              key={passkey.id}
              className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-raised px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold wrap-break-word">{nameOf(passkey)}</p>
                {passkey.createdAt !== null && passkey.createdAt !== undefined && (
                  <p className="text-ink-muted">Added {day.format(new Date(passkey.createdAt))}</p>
                )}
              </div>
              <Button
                variant="quiet"
                aria-label={`Remove the passkey ${nameOf(passkey)}`}
                disabled={busy !== null}
                onClick={() => {
                  setRemoveProblem(null)
                  setConfirming(passkey)
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirming !== null && (
        <ConfirmDialog
          id="remove-passkey"
          danger
          safeFirst
          question={`Remove the passkey "${nameOf(confirming)}"?`}
          detail="It will no longer sign in to your account."
          confirmLabel="Remove passkey"
          cancelLabel="Keep it"
          busy={busy === 'remove'}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        >
          {removeProblem !== null && <Notice tone="error">{removeProblem}</Notice>}
        </ConfirmDialog>
      )}
      <form onSubmit={add} aria-label="Add a passkey" className="flex flex-col gap-3" noValidate>
        <Field
          label="Passkey name"
          name="passkey-name"
          autoComplete="off"
          placeholder="e.g. Pixel 8"
          value={name}
          problem={nameProblem}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy === 'add'} disabled={busy !== null}>
          Add a passkey
        </Button>
      </form>
      {flash !== null && <Notice tone={flash.tone}>{flash.text}</Notice>}
      <PasswordRemoval uid={uid} passkeyCount={list?.length ?? 0} />
    </section>
  )
}
