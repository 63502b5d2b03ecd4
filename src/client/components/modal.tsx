import type { ReactNode } from 'react'
import { useModalDialog } from '@client/lib/modal-dialog'

/** A small modal <dialog> over the account panel: focus stays inside, Esc cancels. */
export function Modal({
  title,
  onCancel,
  children,
}: {
  title: string
  onCancel: () => void
  children: ReactNode
}) {
  const modal = useModalDialog(onCancel)
  return (
    <dialog
      {...modal}
      aria-label={title}
      className="m-auto w-[min(92vw,28rem)] rounded-3xl border border-line bg-raised p-5 text-ink shadow-2xl backdrop:bg-night-950/60"
    >
      <h3 className="mb-4 text-lg font-bold">{title}</h3>
      {children}
    </dialog>
  )
}
