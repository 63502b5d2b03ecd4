import type { ReactNode } from 'react'
import { Button } from './ui'

/**
 * A question asked in place before a step that cannot be taken back. `safeFirst` puts focus on
 * the way out instead of the confirming button.
 */
export function ConfirmDialog({
  id,
  question,
  detail,
  confirmLabel,
  cancelLabel,
  busy,
  lang,
  danger = false,
  safeFirst = false,
  children,
  onConfirm,
  onCancel,
}: {
  id: string
  question: string
  detail?: string
  confirmLabel: ReactNode
  cancelLabel: ReactNode
  busy: boolean
  lang?: string
  danger?: boolean
  safeFirst?: boolean
  children?: ReactNode
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby={`${id}-question`}
      aria-describedby={detail === undefined ? undefined : `${id}-detail`}
      className={`flex flex-col gap-3 rounded-2xl border bg-raised p-4 shadow-lg ${
        danger ? 'border-sakura-600/60' : 'border-line'
      }`}
    >
      <p id={`${id}-question`} lang={lang} className="font-semibold text-ink">
        {question}
      </p>
      {detail !== undefined && (
        <p id={`${id}-detail`} className="text-sm text-ink-muted">
          {detail}
        </p>
      )}
      {children}
      <div className="flex gap-3">
        <Button busy={busy} onClick={onConfirm} autoFocus={!safeFirst}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onCancel} autoFocus={safeFirst}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  )
}
