import { useMutation, useQuery } from '@tanstack/react-query'
import type { SessionSummary } from '@shared/sessions'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useDateFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { endSessions, fetchSessions } from '../account-api'
import { ACCOUNT } from '../strings'

/**
 * "Where you're signed in" (docs/using.md "Sessions"): each session's browser and system, first and
 * last seen, this device marked; end one, or every other one.
 */
export function SessionsList({ uid }: { uid: string }) {
  const queryKey = ['sessions', uid]
  const sessions = useQuery({ queryKey, queryFn: fetchSessions }, queryClient)
  const end = useMutation(
    {
      mutationFn: endSessions,
      onSettled: () => queryClient.invalidateQueries({ queryKey }),
    },
    queryClient,
  )
  const list = sessions.data?.sessions
  const others = list?.filter((session) => !session.thisDevice).length ?? 0
  const all = useStrings('account', ACCOUNT)
  const strings = all.sessions
  const format = useDateFormat()
  const when = (date: string) => format(new Date(date), true)
  const deviceName = (session: SessionSummary) =>
    strings.device(session.browser ?? strings.unknownBrowser, session.system ?? '')

  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
      <h3 id="sessions-heading" className="text-sm font-bold tracking-wide">
        {strings.title}
      </h3>
      {sessions.isError && (
        <>
          <Notice tone="error">{errorMessage(sessions.error)}</Notice>
          <Button variant="secondary" onClick={() => void sessions.refetch()}>
            {all.common.tryAgain}
          </Button>
        </>
      )}
      {list === undefined && !sessions.isError && (
        <div
          aria-busy="true"
          aria-label={strings.loading}
          className="h-16 animate-pulse rounded-2xl bg-accent-soft"
        />
      )}
      {list !== undefined && (
        <ul className="flex flex-col gap-2">
          {list.map((session) => (
            <li
              key={session.id}
              className="flex items-center justify-between gap-3 rounded-2xl border border-line bg-raised px-4 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold">
                  {deviceName(session)}
                  {session.thisDevice && (
                    <span className="ms-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs">
                      {strings.thisDevice}
                    </span>
                  )}
                </p>
                <p className="text-ink-muted">
                  {strings.seen(when(session.signedInAt), when(session.lastSeenAt))}
                </p>
              </div>
              {!session.thisDevice && (
                <Button
                  variant="quiet"
                  aria-label={strings.endOf(deviceName(session))}
                  busy={end.isPending && end.variables === session.id}
                  disabled={end.isPending}
                  onClick={() => end.mutate(session.id)}
                >
                  {strings.end}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {end.isError && <Notice tone="error">{errorMessage(end.error)}</Notice>}
      {others > 0 && (
        <Button
          variant="secondary"
          busy={end.isPending && end.variables === undefined}
          disabled={end.isPending}
          onClick={() => end.mutate(undefined)}
        >
          {strings.endOthers}
        </Button>
      )}
    </section>
  )
}
