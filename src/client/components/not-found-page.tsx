import { Link, useLocation } from 'wouter'
import type { ReactNode } from 'react'
import { useLanguage, useStrings } from '@client/lib/i18n/i18n'
import { MofuMascot } from './art/mofu-mascot'

export const NOT_FOUND = {
  title: 'This page wandered off',
  text: (path: ReactNode): ReactNode => (
    <>
      Mofu looked under every cushion, but there is nothing at {path}. The link may be old, or a
      letter may have slipped.
    </>
  ),
  home: 'Take me home',
}

/** Shown for any path the app does not know. */
export function NotFoundPage() {
  const [pathname] = useLocation()
  const strings = useStrings('notFound', NOT_FOUND)
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 rounded-3xl border border-line bg-raised px-6 py-10 text-center shadow-sm sm:px-10">
      <MofuMascot mood="lost" size={180} className="h-auto w-36 sm:w-44" />
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">
        404 ·{' '}
        <span lang="ja" className="normal-case">
          迷子
        </span>
        {useLanguage() === 'en' && <span className="normal-case"> (maigo, lost)</span>}
      </p>
      <h1 className="text-3xl font-bold text-balance text-ink sm:text-4xl">{strings.title}</h1>
      <p className="text-ink-muted">
        {strings.text(<span className="font-semibold wrap-anywhere text-ink">{pathname}</span>)}
      </p>
      <Link
        to="/"
        className="rounded-full bg-cta px-6 py-2.5 font-semibold text-cta-ink shadow-sm transition hover:brightness-105"
      >
        {strings.home}
      </Link>
    </div>
  )
}
