import { PASSWORD, newEmail, panel, verifiedAccount } from './account-helpers'
import { expect, test } from './fixtures'
import { linkIn, waitForMail } from './mailbox'

/**
 * Taking an account back from the old address's "This wasn't me" link (docs/email-and-activity.md
 * "Taking an account back"): after someone with the password moved the address, the owner
 * chooses a new password on the link's page and reads what was given back.
 */
test('the old address takes the account back and the page says what it gave back', async ({
  page,
  request,
  baseURL,
}) => {
  const owner = newEmail('recover')
  await verifiedAccount(request, baseURL ?? '', owner)

  // Someone with the password signs in elsewhere and moves the account to their own address.
  const elsewhere = { Origin: baseURL ?? '', 'X-Forwarded-For': '203.0.113.77' }
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: owner, password: PASSWORD },
    headers: elsewhere,
  })
  expect(signedIn.status()).toBe(200)
  const theirs = newEmail('theirs')
  const asked = await request.post('/api/me/email', {
    data: { newEmail: theirs, password: PASSWORD },
    headers: elsewhere,
  })
  expect(asked.status()).toBe(202)
  const code = new URL(linkIn(await waitForMail(theirs, /confirm your new/i))).searchParams.get(
    'code',
  )
  const confirmed = await request.post('/api/email-change/confirm', {
    data: { code },
    headers: elsewhere,
  })
  expect(confirmed.status()).toBe(200)

  const notice = await waitForMail(owner, /e-mail address of your Mofu account was changed/i)
  await page.goto(linkIn(notice))
  // Before the password is chosen, the page says which address comes back.
  await expect(panel(page).getByTestId('gives-back')).toHaveText(
    `The account signs in with ${owner} again.`,
  )
  const newPassword = 'taken-back-again-7'
  await panel(page).getByLabel('New password', { exact: true }).fill(newPassword)
  await panel(page).getByLabel('Confirm new password').fill(newPassword)
  await panel(page).getByRole('button', { name: 'Change password' }).click()
  await expect(panel(page).getByText('Password changed! Redirecting...')).toBeVisible()
  const recovered = panel(page).getByRole('status').filter({ hasText: 'yours again' })
  await expect(recovered).toContainText(`it signs in with ${owner} again`)

  // The owner's address and new password sign in; the password the mover knew does not.
  const signIn = (password: string) =>
    request.post('/api/auth/sign-in/email', {
      data: { email: owner, password },
      headers: { Origin: baseURL ?? '' },
    })
  expect((await signIn(newPassword)).status()).toBe(200)
  expect((await signIn(PASSWORD)).status()).toBe(401)
})
