import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { ActivityEntry } from '@shared/security-activity'
import { Button, Notice, type Flash } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useDateFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { disownActivity, fetchActivity } from '../account-api'
import { attempt } from '../auth-errors'
import type { AuthUser } from '../auth-state'
import { ACCOUNT } from '../strings'

/**
 * "Recent security activity" (docs/email-and-activity.md): the account's own events of the last
 * 90 days, 20 at a time. "This wasn't me" signs out every other session and mails the link that
 * takes the account back: a new password, and everything added since that entry removed.
 */
export function ActivityList({ user }: { user: AuthUser }) {
  const queryKey = ['activity', user.uid]
  const activity = useInfiniteQuery(
    {
      queryKey,
      queryFn: ({ pageParam }) => fetchActivity(pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
    },
    queryClient,
  )
  const all = useStrings('account', ACCOUNT)
  const strings = all.activity
  const format = useDateFormat()
  const [securing, setSecuring] = useState<string | null>(null)
  const [flash, setFlash] = useState<Flash>(null)
  const entries = activity.data?.pages.flatMap((page) => page.events)
  const shown = entries?.length ?? 0
  // "Load more" hands focus to the first entry it loaded: with the last page in, the button is
  // gone, and focus would fall back to the page.
  const list = useRef<HTMLUListElement>(null)
  const firstLoaded = useRef<number | null>(null)
  useEffect(() => {
    const index = firstLoaded.current
    const entry = index === null ? null : list.current?.children.item(index)
    if (!(entry instanceof HTMLElement)) return
    firstLoaded.current = null
    entry.focus()
  }, [shown])

  const describe = (entry: ActivityEntry) =>
    [strings.events[entry.event], entry.method === null ? null : strings.methods[entry.method]]
      .filter(Boolean)
      .join(' ')

  const notMe = async (entry: ActivityEntry) => {
    setSecuring(entry.id)
    setFlash(null)
    try {
      const { message } = await attempt(() => disownActivity(entry.id))
      setFlash(
        message === null
          ? { tone: 'success', text: strings.notMeDone }
          : { tone: 'error', text: message },
      )
    } catch (error) {
      setFlash({ tone: 'error', text: errorMessage(error) })
    } finally {
      setSecuring(null)
      void queryClient.invalidateQueries({ queryKey })
      void queryClient.invalidateQueries({ queryKey: ['sessions', user.uid] })
    }
  }

  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3">
      <h3 id="activity-heading" className="text-sm font-bold tracking-wide">
        {strings.title}
      </h3>
      <p className="text-sm text-ink-muted">{strings.intro}</p>
      {flash !== null && <Notice tone={flash.tone}>{flash.text}</Notice>}
      {activity.isError && entries === undefined && (
        <>
          <Notice tone="error">{errorMessage(activity.error)}</Notice>
          <Button variant="secondary" onClick={() => void activity.refetch()}>
            {all.common.tryAgain}
          </Button>
        </>
      )}
      {entries === undefined && !activity.isError && (
        <div
          aria-busy="true"
          aria-label={strings.loading}
          className="h-16 animate-pulse rounded-2xl bg-accent-soft"
        />
      )}
      {entries !== undefined && entries.length === 0 && (
        <p className="text-sm text-ink-muted">{strings.empty}</p>
      )}
      {entries !== undefined && entries.length > 0 && (
        <ul ref={list} className="flex flex-col gap-2" aria-labelledby="activity-heading">
          {entries.map((entry) => {
            const when = format(new Date(entry.at), true)
            const where = [
              [entry.browser ?? strings.unknownBrowser, entry.system].filter(Boolean).join(' · '),
              entry.network,
            ]
              .filter(Boolean)
              .join(' · ')
            return (
              <li
                key={entry.id}
                tabIndex={-1}
                className="flex flex-col gap-1 rounded-2xl border border-line bg-raised px-4 py-3 text-sm"
              >
                <p className="font-semibold">
                  {describe(entry)}
                  {entry.count > 1 && <span className="ms-1">({strings.times(entry.count)})</span>}
                  {entry.thisDevice && (
                    <span className="ms-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs">
                      {strings.thisDevice}
                    </span>
                  )}
                </p>
                <p className="text-ink-muted">
                  <time dateTime={entry.at}>{when}</time>
                  {where !== '' && ` · ${where}`}
                </p>
                {!entry.thisDevice && (
                  <Button
                    variant="quiet"
                    className="self-start"
                    aria-label={strings.notMeLabel(describe(entry), when)}
                    busy={securing === entry.id}
                    disabled={securing !== null}
                    onClick={() => void notMe(entry)}
                  >
                    {strings.notMe}
                  </Button>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {activity.isFetchNextPageError && (
        <Notice tone="error">{errorMessage(activity.error)}</Notice>
      )}
      {activity.hasNextPage && (
        <Button
          variant="secondary"
          busy={activity.isFetchingNextPage}
          onClick={() => {
            firstLoaded.current = shown
            void activity.fetchNextPage()
          }}
        >
          {strings.more}
        </Button>
      )}
    </section>
  )
}
