import type { UseQueryResult } from '@tanstack/react-query'
import { AUTH_MESSAGES } from '@shared/auth-messages'
import { Button, Notice } from '@client/components/ui'
import { useMessages, useStrings } from '@client/lib/i18n/i18n'
import { ACCOUNT } from '../strings'

/**
 * What a link's page shows before its link is known good: a status while it is checked, and,
 * when the check could not be made, the offline notice with Try again (a failed check is tried
 * again on request, never kept as the answer).
 */
export function LinkCheckState({
  check,
  checking,
}: {
  check: Pick<UseQueryResult<unknown>, 'isPending' | 'isFetching' | 'refetch'>
  checking: string
}) {
  const strings = useStrings('account', ACCOUNT)
  const t = useMessages()
  if (check.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {checking}
      </p>
    )
  }
  return (
    <>
      <Notice tone="error">{t(AUTH_MESSAGES.offline)}</Notice>
      <Button variant="secondary" busy={check.isFetching} onClick={() => void check.refetch()}>
        {strings.common.tryAgain}
      </Button>
    </>
  )
}
