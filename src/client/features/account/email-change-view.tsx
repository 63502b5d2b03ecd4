import { useMutation } from '@tanstack/react-query'
import { useSearch } from 'wouter'
import { EMAIL_CHANGE_MESSAGES } from '@shared/email-change'
import { Button, Notice } from '@client/components/ui'
import { errorMessage } from '@client/lib/http'
import { useStrings } from '@client/lib/i18n/i18n'
import { queryClient } from '@client/lib/query-client'
import { confirmEmailChange } from './account-api'
import { refreshSession } from './auth-state'
import { ACCOUNT } from './strings'

/**
 * The page the link mailed to a new address opens (/account/email?code=…). The change waits for
 * the click, so a mail scanner that opens links changes nothing.
 */
export function EmailChangeView() {
  const code = new URLSearchParams(useSearch()).get('code') ?? ''
  const strings = useStrings('account', ACCOUNT).email
  const confirm = useMutation(
    {
      mutationFn: () => confirmEmailChange(code),
      onSuccess: () => void refreshSession(),
    },
    queryClient,
  )
  return (
    <div data-state="email-change" className="flex flex-col gap-4">
      <h3 className="text-lg font-semibold">{strings.confirmTitle}</h3>
      {code === '' ? (
        <Notice tone="error">{EMAIL_CHANGE_MESSAGES.invalidLink}</Notice>
      ) : confirm.isSuccess ? (
        <Notice tone="success">{EMAIL_CHANGE_MESSAGES.changed}</Notice>
      ) : (
        <>
          <p>{strings.confirmIntro}</p>
          {confirm.isError && <Notice tone="error">{errorMessage(confirm.error)}</Notice>}
          <Button busy={confirm.isPending} onClick={() => confirm.mutate()}>
            {confirm.isPending ? strings.confirming : strings.confirm}
          </Button>
        </>
      )}
    </div>
  )
}
