import { expect } from '@playwright/test'

export interface Mail {
  subject: string
  text: string
  html: string
}

/** The mail the app sent to an address, read from the SMTP capture server of global-setup.ts. */
export async function waitForMail(to: string, subject: RegExp, count = 1): Promise<Mail> {
  let found: Mail[] = []
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${process.env.MOFU_E2E_MAILBOX}/?to=${encodeURIComponent(to)}`,
        )
        found = ((await response.json()) as Mail[]).filter((mail) => subject.test(mail.subject))
        return found.length
      },
      // The mailbox is a local HTTP call: asked every 100 ms, a mail is seen as soon as it is
      // sent, not up to a second later as with the default back-off.
      { timeout: 10_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(count)
  const mail = found[count - 1]
  if (mail === undefined) throw new Error(`no mail to ${to}`)
  return mail
}

export function linkIn(mail: Mail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
  if (link === undefined) throw new Error(`no link in "${mail.subject}"`)
  return link
}
