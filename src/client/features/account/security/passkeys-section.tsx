import { useState, type FormEvent } from 'react'
import { PASSKEY_MESSAGES, PasskeyNameSchema, type PasskeySummary } from '@shared/passkeys'
import { ConfirmDialog } from '@client/components/confirm-dialog'
import { Button, Field, Notice, type Flash } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useDateFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { addPasskey, deletePasskey } from '../passkey-api'
import { signInMethodsChanged, usePasskeys } from '../passkey-queries'
import { PasswordRemoval } from './password-removal'
import { ACCOUNT } from '../strings'

/**
 * "Passkeys" (docs/using.md "Passkeys"): the account's passkeys with their names and when they were
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
  const all = useStrings('account', ACCOUNT)
  const strings = all.passkeys
  const day = useDateFormat()
  const nameOf = (passkey: PasskeySummary) => passkey.name ?? strings.unnamed

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
        {strings.title}
      </h3>
      <p className="text-sm text-ink-muted">{strings.intro}</p>
      {passkeys.isError && (
        <>
          <Notice tone="error">{errorMessage(passkeys.error)}</Notice>
          <Button variant="secondary" onClick={() => void passkeys.refetch()}>
            {all.common.tryAgain}
          </Button>
        </>
      )}
      {list === undefined && !passkeys.isError && (
        <div
          aria-busy="true"
          aria-label={strings.loading}
          className="h-12 animate-pulse rounded-2xl bg-accent-soft"
        />
      )}
      {list !== undefined && list.length > 0 && (
        <ul aria-label={strings.list} className="flex flex-col gap-2">
          {list.map((passkey) => (
            <li
              key={passkey.id}
              className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-raised px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold wrap-break-word">{nameOf(passkey)}</p>
                {passkey.createdAt !== null && passkey.createdAt !== undefined && (
                  <p className="text-ink-muted">
                    {strings.added(day(new Date(passkey.createdAt)))}
                  </p>
                )}
              </div>
              <Button
                variant="quiet"
                aria-label={strings.removeLabel(nameOf(passkey))}
                disabled={busy !== null}
                onClick={() => {
                  setRemoveProblem(null)
                  setConfirming(passkey)
                }}
              >
                {strings.remove}
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
          question={strings.removeQuestion(nameOf(confirming))}
          detail={strings.removeDetail}
          confirmLabel={strings.removeConfirm}
          cancelLabel={strings.keep}
          busy={busy === 'remove'}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        >
          {removeProblem !== null && <Notice tone="error">{removeProblem}</Notice>}
        </ConfirmDialog>
      )}
      <form onSubmit={add} aria-label={strings.form} className="flex flex-col gap-3" noValidate>
        <Field
          label={strings.name}
          name="passkey-name"
          autoComplete="off"
          placeholder={strings.namePlaceholder}
          value={name}
          problem={nameProblem}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" busy={busy === 'add'} disabled={busy !== null}>
          {strings.add}
        </Button>
      </form>
      {flash !== null && <Notice tone={flash.tone}>{flash.text}</Notice>}
      <PasswordRemoval uid={uid} passkeyCount={list?.length ?? 0} />
    </section>
  )
}
