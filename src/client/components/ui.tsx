import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react'
import { useMessages } from '@client/lib/i18n/i18n'

/**
 * A labelled input; `problem` is this field's own message, shown under it (a shared message is
 * shown in the language shown).
 */
export function Field({
  label,
  problem,
  ...input
}: { label: string; problem?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const t = useMessages()
  const hasProblem = problem !== undefined && problem !== null
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={hasProblem || undefined}
        aria-describedby={hasProblem ? `${id}-problem` : undefined}
        className="rounded-xl border border-line bg-surface px-4 py-2.5 text-ink placeholder:text-ink-muted/70 focus:border-accent"
        {...input}
      />
      {hasProblem && (
        <p id={`${id}-problem`} className="text-sm font-semibold text-accent">
          {t(problem)}
        </p>
      )}
    </div>
  )
}

/** A message that appears in place: errors are announced at once, notices politely. */
export function Notice({
  tone,
  children,
}: {
  tone: 'error' | 'success' | 'info'
  children: ReactNode
}) {
  // Messages travel as text; a shared one is shown in the language shown.
  const t = useMessages()
  const colours = {
    error:
      'border-sakura-600/60 bg-sakura-100 text-sakura-800 dark:bg-sakura-800/30 dark:text-sakura-100',
    success:
      'border-lavender-400/60 bg-lavender-100 text-night-900 dark:bg-night-700 dark:text-lavender-100',
    info: 'border-line bg-sunken text-ink',
  }[tone]
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm font-medium ${colours}`}
    >
      {typeof children === 'string' ? t(children) : children}
    </p>
  )
}

export function Button({
  busy = false,
  variant = 'primary',
  children,
  ...button
}: {
  busy?: boolean
  variant?: 'primary' | 'secondary' | 'quiet'
  children: ReactNode
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  const look = {
    primary: 'bg-cta text-cta-ink shadow-md hover:brightness-105',
    secondary: 'border border-line bg-raised text-ink hover:bg-accent-soft',
    quiet: 'text-accent underline-offset-4 hover:underline',
  }[variant]
  return (
    <button
      type="button"
      aria-busy={busy}
      className={`inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${look}`}
      {...button}
      disabled={busy || button.disabled}
    >
      {busy && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  )
}

/** A notice that replaces the one before it, for a while or until the next. */
export type Flash = { tone: 'success' | 'error'; text: string } | null
