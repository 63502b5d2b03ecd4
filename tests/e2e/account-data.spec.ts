import fs from 'node:fs/promises'
import { unzipSync } from 'fflate'
import { logIn, newEmail, openPanel, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'

test('"Download my data" saves a zip of the account; a second one within a minute is refused in words', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('data')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  const button = panel(page).getByRole('button', { name: 'Download my data' })

  const download = page.waitForEvent('download')
  await button.click()
  const saved = await download
  expect(saved.suggestedFilename()).toMatch(/^mofu-data-\d{4}-\d{2}-\d{2}\.zip$/)
  const files = unzipSync(new Uint8Array(await fs.readFile(await saved.path())))
  const data = JSON.parse(new TextDecoder().decode(files['mofu-data.json'])) as {
    account: { email: string }
  }
  expect(data.account.email).toBe(email)
  await expect(button).toBeEnabled()

  allowConsoleError({ url: '/api/me/export', status: 429 })
  await button.click()
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Too many attempts. Please wait a minute and try again.',
  )
})
