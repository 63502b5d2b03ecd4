import { Link, useLocation } from 'wouter'
import { MofuMascot } from './art/mofu-mascot'

/** Shown for any path the app does not know. */
export function NotFoundPage() {
  const [pathname] = useLocation()
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 rounded-3xl border border-line bg-raised px-6 py-10 text-center shadow-sm sm:px-10">
      <MofuMascot mood="lost" size={180} className="h-auto w-36 sm:w-44" />
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">
        404 ·{' '}
        <span lang="ja" className="normal-case">
          迷子
        </span>{' '}
        <span className="normal-case">(maigo, lost)</span>
      </p>
      <h1 className="text-3xl font-bold text-balance text-ink sm:text-4xl">
        This page wandered off
      </h1>
      <p className="text-ink-muted">
        Mofu looked under every cushion, but there is nothing at{' '}
        <span className="font-semibold wrap-anywhere text-ink">{pathname}</span>. The link may be
        old, or a letter may have slipped.
      </p>
      <Link
        to="/"
        className="rounded-full bg-cta px-6 py-2.5 font-semibold text-cta-ink shadow-sm transition hover:brightness-105"
      >
        Take me home
      </Link>
    </div>
  )
}
