import { useId, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { CalendarFeedSchema, type CalendarFeed } from '@shared/episodes'
import { Button, Notice } from '@client/components/ui'
import { errorMessage, requestJson } from '@client/lib/http'
import { useDateFormat } from '@client/lib/i18n/format'
import { useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { BOARD_WEEK } from './week-strings'

const FEED_PATH = '/api/me/calendar'
const feedKey = ['calendar-feed'] as const

/**
 * The calendar feed's switch: turn it on (its address shown once, with a copy button), make a
 * new address (the old one stops at once) or turn it off. The address holds a secret the server
 * keeps only as a hash, so a reload shows that the feed is on but not the address.
 */
export function CalendarFeedControls() {
  const strings = useStrings('boardWeek', BOARD_WEEK).feed
  const formatDate = useDateFormat()
  const headingId = useId()
  const addressId = useId()
  const [copied, setCopied] = useState(false)
  const feed = useQuery(
    { queryKey: feedKey, queryFn: () => requestJson(FEED_PATH, CalendarFeedSchema) },
    queryClient,
  )
  const change = useMutation(
    {
      mutationFn: (to: 'new' | 'off') =>
        requestJson(FEED_PATH, CalendarFeedSchema, { method: 'POST', json: { feed: to } }),
      onSuccess: (answer: CalendarFeed) => {
        setCopied(false)
        queryClient.setQueryData(feedKey, answer)
      },
    },
    queryClient,
  )
  const shown = change.data ?? feed.data
  const url = change.data?.url ?? null

  const copy = async () => {
    if (url === null) return
    await navigator.clipboard.writeText(url)
    setCopied(true)
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-line pt-4">
      <h3 id={headingId} className="font-bold text-ink">
        {strings.title}
      </h3>
      <p className="max-w-prose text-sm text-ink-muted">{strings.intro}</p>
      {shown !== undefined && (
        <p className="text-sm text-ink" role="status">
          {shown.enabled && shown.since !== null
            ? strings.onSince(formatDate(new Date(shown.since)))
            : change.data?.enabled === false
              ? strings.madeOff
              : strings.off}
        </p>
      )}
      {url !== null && (
        <div className="space-y-2">
          <label htmlFor={addressId} className="block text-sm font-semibold text-ink">
            {strings.addressLabel}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={addressId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-xl border border-line bg-sunken px-3 py-2 font-mono text-sm text-ink"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              {strings.copy}
            </Button>
          </div>
          <p className="text-sm text-ink-muted">{strings.shownOnce}</p>
          {copied && <Notice tone="success">{strings.copied}</Notice>}
        </div>
      )}
      {change.isError && <Notice tone="error">{errorMessage(change.error)}</Notice>}
      {shown !== undefined && (
        <div className="flex flex-wrap items-center gap-3">
          {shown.enabled ? (
            <>
              <Button
                variant="secondary"
                busy={change.isPending && change.variables === 'new'}
                onClick={() => change.mutate('new')}
                aria-describedby={`${headingId}-renew`}
              >
                {strings.renew}
              </Button>
              <span id={`${headingId}-renew`} className="sr-only">
                {strings.renewHint}
              </span>
              <Button
                variant="quiet"
                busy={change.isPending && change.variables === 'off'}
                onClick={() => change.mutate('off')}
              >
                {strings.turnOff}
              </Button>
            </>
          ) : (
            <Button busy={change.isPending} onClick={() => change.mutate('new')}>
              {strings.turnOn}
            </Button>
          )}
        </div>
      )}
    </section>
  )
}
