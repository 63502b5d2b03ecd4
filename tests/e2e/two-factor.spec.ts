import fs from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { TWO_FACTOR_MESSAGES } from '../../src/shared/two-factor'
import { authenticator, awayFromStepEdge } from '../support/authenticator'
import { logIn, newEmail, openPanel, panel, PASSWORD, verifiedAccount } from './account-helpers'
import { blockingViolations } from './axe'
import { expect, test } from './fixtures'
import { waitForMail } from './mailbox'

const expectNoSeriousAxeViolation = async (page: Page) =>
  expect(await blockingViolations(page, { include: 'dialog' })).toEqual([])

test('two-factor: turn on from the panel with the setup key, log in with a code, turn off', async ({
  page,
  request,
  baseURL,
  allowConsoleError,
}) => {
  const email = newEmail('totp')
  await verifiedAccount(request, baseURL ?? '', email)
  await openPanel(page)
  await logIn(page, email)
  const section = panel(page).getByRole('region', { name: 'Two-factor authentication' })

  // Turn on, all from the keyboard: the password, then the code for the key shown as text.
  await section.getByRole('button', { name: 'Turn on two-factor' }).focus()
  await page.keyboard.press('Enter')
  await expect(section.getByLabel('Current password')).toBeFocused()
  await page.keyboard.type(PASSWORD)
  await page.keyboard.press('Enter')
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible()
  await expectNoSeriousAxeViolation(page)
  const key = (await section.locator('code').textContent()) ?? ''
  expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
  const code = authenticator(key)
  await awayFromStepEdge()

  allowConsoleError({ url: '/api/auth/two-factor/verify-totp', status: 401 })
  await section.getByLabel('6-digit code').fill((await code()) === '000000' ? '111111' : '000000')
  await section.getByRole('button', { name: 'Turn on', exact: true }).click()
  await expect(section.getByRole('alert')).toHaveText(TWO_FACTOR_MESSAGES.wrongCode)
  // The previous step's code still counts; the current one is left for the log-in below.
  await section.getByLabel('6-digit code').fill(await code(-1))
  await section.getByRole('button', { name: 'Turn on', exact: true }).click()

  const backupCodes = section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')
  await expect(backupCodes).toHaveCount(10)
  await expect(section.getByRole('button', { name: 'Copy' })).toBeFocused()
  const download = page.waitForEvent('download')
  await section.getByRole('button', { name: 'Download as .txt' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('mofu-backup-codes.txt')
  const text = await fs.readFile(await saved.path(), 'utf8')
  for (const backup of await backupCodes.allTextContents()) expect(text).toContain(backup)
  await section.getByRole('button', { name: 'Done' }).click()
  await expect(section.getByRole('status')).toHaveText(TWO_FACTOR_MESSAGES.turnedOn)
  await expect(section.getByRole('button', { name: 'Turn off two-factor' })).toBeFocused()
  await waitForMail(email, /two-factor authentication turned on/i)

  // Log out, then in: the password, then a code.
  await panel(page).getByRole('button', { name: 'Log out' }).click()
  await panel(page).getByRole('button', { name: 'ログアウト' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()
  await logIn(page, email)
  const challenge = panel(page).locator('[data-state="two-factor"]')
  await expect(challenge.getByLabel('6-digit code')).toBeFocused()
  await expectNoSeriousAxeViolation(page)
  await page.keyboard.type(await code())
  await challenge.getByRole('checkbox', { name: 'Trust this device for 30 days' }).check()
  await challenge.getByRole('button', { name: 'Verify' }).click()
  await expect(panel(page).locator('[data-state="signed-in"]')).toBeVisible()

  // Turn off with the next code (the app's window reaches one step ahead) and the password.
  await section.getByRole('button', { name: 'Turn off two-factor' }).click()
  await section.getByLabel('Code from your authenticator app, or a backup code').fill(await code(1))
  await section.getByLabel('Current password').fill(PASSWORD)
  await section.getByRole('button', { name: 'Turn off', exact: true }).click()
  await expect(section.getByRole('status')).toHaveText(TWO_FACTOR_MESSAGES.turnedOff)
  await expect(section.getByRole('button', { name: 'Turn on two-factor' })).toBeVisible()
  await waitForMail(email, /two-factor authentication turned off/i)
})
