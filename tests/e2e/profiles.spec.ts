import type { APIRequestContext, Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import {
  logIn,
  newEmail,
  panel,
  PASSWORD,
  signedInOnPage,
  verifiedAccount,
} from './account-helpers'
import { blockingViolations, COLOUR_RULES } from './axe'
import { expect, test } from './fixtures'
import { distanceAt, landscape, SKY } from './pictures'

const uniqueHandle = (tag: string) =>
  `${tag}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`

/** Another user (through the API request context, signed in by its verification link). */
async function otherUserWithHandle(request: APIRequestContext, baseURL: string, handle: string) {
  await verifiedAccount(request, baseURL, newEmail('other'))
  const saved = await request.patch('/api/me/profile', {
    data: { name: 'Someone Else', handle },
    headers: { Origin: baseURL },
  })
  expect(saved.status()).toBe(200)
}

/** A promise the test resolves when it wants a held request to go on. */
function gate() {
  let open: () => void = () => undefined
  const closed = new Promise<void>((resolve) => (open = resolve))
  return { closed, open }
}

/** The frame's drawing has loaded, centred on the one avatar shown in `where`, and reaches past it. */
async function expectFrameDrawn(where: Locator, frame: string) {
  const drawing = where.locator(`img[src="/frames/${frame}.svg"]`)
  await expect(drawing).toHaveJSProperty('complete', true)
  expect(await drawing.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
  const avatar = await where.getByTestId('avatar-image').boundingBox()
  const box = await drawing.boundingBox()
  if (avatar === null || box === null) throw new Error('the avatar or its frame is not shown')
  expect(box.width).toBeGreaterThan(avatar.width * 1.2)
  expect(box.x + box.width / 2).toBeCloseTo(avatar.x + avatar.width / 2, 0)
  expect(box.y + box.height / 2).toBeCloseTo(avatar.y + avatar.height / 2, 0)
}

const editor = (page: Page) => ({
  name: panel(page).getByLabel('Name'),
  handle: panel(page).getByLabel('ID', { exact: true }),
  status: panel(page).getByTestId('handle-status'),
  save: panel(page).getByRole('button', { name: /^(Save|Saving\.\.\.)$/ }),
  cancel: panel(page).getByRole('button', { name: 'Cancel' }),
})

test('edit: live check (taken, available, own), save notices, and the profile survives a reload', async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await playwright.request.newContext({ baseURL })
  const taken = uniqueHandle('taken')
  await otherUserWithHandle(other, baseURL ?? '', taken)
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'profile',
  )

  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const form = editor(page)
  await form.name.fill('Hanako Sakura')
  await form.handle.fill(`@${taken.toUpperCase()}`)
  await expect(form.handle).toHaveValue(taken.toUpperCase())
  await expect(form.status).toHaveText('This ID is already taken')
  await expect(form.save).toBeDisabled()

  const mine = uniqueHandle('Hana')
  await form.handle.fill(`@${mine}!`)
  await expect(form.handle).toHaveValue(mine)
  await expect(form.status).toHaveText('This ID is available')
  await expect(form.save).toBeEnabled()
  await form.save.click()
  await expect(panel(page).getByRole('status')).toHaveText('Profile saved successfully!')
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${mine}`)
  await expect(panel(page).getByRole('status')).toHaveCount(0, { timeout: 5_000 })

  // The user's own handle counts as available.
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await editor(page).handle.fill(`${mine}x`)
  await expect(editor(page).status).toHaveText('This ID is available')
  await editor(page).handle.fill(mine.toLowerCase())
  await expect(editor(page).save).toBeEnabled()
  await editor(page).cancel.click()

  await page.reload()
  await expect(panel(page).getByTestId('profile-name')).toHaveText('Hanako Sakura')
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${mine}`)
  await other.dispose()
})

test('a look-alike of another user’s ID is refused with free IDs to pick from, one click away', async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await playwright.request.newContext({ baseURL })
  const held = uniqueHandle('mochi')
  await otherUserWithHandle(other, baseURL ?? '', held)
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'profile',
  )
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const form = editor(page)
  await form.name.fill('Second Mochi')

  // `rn` for `m`, `l` for `i`: another ID to a computer, the same one to a reader.
  await form.handle.fill(held.replace(/^mochi/, 'rnochl'))
  await expect(form.status).toHaveText('This ID is too similar to an existing one')
  await expect(form.save).toBeDisabled()
  const offered = panel(page).getByRole('list', { name: 'Suggested IDs' }).getByRole('button')
  await expect(offered.first()).toBeVisible()
  const count = await offered.count()
  expect(count).toBeGreaterThanOrEqual(1)
  expect(count).toBeLessThanOrEqual(3)
  expect(await blockingViolations(page, { include: 'form[aria-label="Edit profile"]' })).toEqual([])

  // Keyboard: the pill takes focus and Enter, and focus returns to the ID field.
  const pick = offered.first()
  const suggestion = (await pick.textContent()) ?? ''
  await expect(pick).toHaveAccessibleName(`Use the ID ${suggestion}`)
  await pick.focus()
  await page.keyboard.press('Enter')
  await expect(form.handle).toHaveValue(suggestion)
  await expect(form.handle).toBeFocused()
  await expect(form.status).toHaveText('This ID is available')
  await expect(offered).toHaveCount(0)
  await expect(form.save).toBeEnabled()
  await form.save.click()
  await expect(panel(page).getByRole('status')).toHaveText('Profile saved successfully!')
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${suggestion}`)
  await other.dispose()
})

test('Save is disabled while saving, while checking, when taken, or with an empty name or ID', async ({
  page,
  playwright,
  baseURL,
}) => {
  const other = await playwright.request.newContext({ baseURL })
  const taken = uniqueHandle('held')
  await otherUserWithHandle(other, baseURL ?? '', taken)
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'profile',
  )
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const form = editor(page)

  await expect(form.save).toBeDisabled() // no name, no ID yet
  await form.name.fill('Mochi')
  await expect(form.save).toBeDisabled() // still no ID
  await form.handle.fill('@@')
  await expect(form.save).toBeDisabled() // nothing left after stripping

  // Hold the availability answer to see the checking state.
  const { closed: held, open: release } = gate()
  await page.route('**/api/handles/**', async (route) => {
    await held
    await route.continue()
  })
  const free = uniqueHandle('mochi')
  await form.handle.fill(free)
  await expect(form.status).toHaveText('Checking availability...')
  await expect(form.save).toBeDisabled()
  release()
  await expect(form.status).toHaveText('This ID is available')
  await expect(form.save).toBeEnabled()
  await page.unroute('**/api/handles/**')

  await form.name.fill('   ')
  await expect(form.save).toBeDisabled() // name empty after trimming
  await form.name.fill('Mochi')

  await form.handle.fill(taken)
  await expect(form.status).toHaveText('This ID is already taken')
  await expect(form.save).toBeDisabled()

  await form.handle.fill(free)
  await expect(form.save).toBeEnabled()
  const { closed: saveHeld, open: releaseSave } = gate()
  await page.route('**/api/me/profile', async (route) => {
    if (route.request().method() === 'PATCH') await saveHeld
    await route.continue()
  })
  await form.save.click()
  await expect(form.save).toHaveText('Saving...')
  await expect(form.save).toBeDisabled()
  releaseSave()
  await expect(panel(page).getByRole('status')).toHaveText('Profile saved successfully!')
  await other.dispose()
})

test('a name of invisible characters is refused under its own field, before anything is sent', async ({
  page,
  request,
  baseURL,
}) => {
  await signedInOnPage(page, request, baseURL ?? '', 'profile')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  let patches = 0
  page.on('request', (sent) => {
    if (sent.method() === 'PATCH' && sent.url().endsWith('/api/me/profile')) patches += 1
  })
  const form = editor(page)
  await form.name.fill('\u200b\u200b\u200b')
  await form.handle.fill(uniqueHandle('zw'))
  await expect(form.status).toHaveText('This ID is available')
  await form.save.click()

  await expect(form.name).toHaveAttribute('aria-invalid', 'true')
  await expect(form.name).toHaveAccessibleDescription('Please enter a name')
  await expect(panel(page).getByText('Invalid input')).toHaveCount(0)
  expect(patches).toBe(0)
})

test('a public page at /@handle, linked from the profile; an unknown handle gets the 404 page', async ({
  page,
  playwright,
  browser,
  baseURL,
  extraHTTPHeaders,
  allowConsoleError,
}) => {
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'profile',
  )
  const handle = uniqueHandle('Kumo')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await editor(page).name.fill('Kumo Cloud')
  await editor(page).handle.fill(handle)
  await expect(editor(page).save).toBeEnabled()
  await editor(page).save.click()
  await panel(page).getByRole('link', { name: 'Public page' }).click()
  await expect(page).toHaveURL(new RegExp(`/@${handle.toLowerCase()}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kumo Cloud')
  await expect(page.getByText(`@${handle} on Mofu`)).toBeVisible()

  // A browser that reports no paints (here, none with PerformanceObserver) still takes the page
  // the server drew over once it has painted.
  const older = await browser.newContext({ baseURL, extraHTTPHeaders })
  const visitor = await older.newPage()
  await visitor.addInitScript(() => {
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver
  })
  await visitor.goto(`/@${handle.toLowerCase()}`)
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Kumo Cloud')
  await expect(visitor.locator('#root')).not.toHaveAttribute('data-prerendered')
  await older.close()

  const nobody = `nobody${Date.now()}`
  // The server answers 404 for the page; the app then finds no profile either.
  allowConsoleError({ url: `/@${nobody}`, status: 404 })
  allowConsoleError({ url: `/api/profiles/${nobody}`, status: 404 })
  expect((await page.goto(`/@${nobody}`))?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page wandered off')
  await expect(page.getByRole('main')).toContainText(`there is nothing at /@${nobody}`)
  await expect(page.getByText('Kumo Cloud')).toHaveCount(0)
})

test('a public page whose lookup failed offers Try again, which shows the profile and its avatar', async ({
  page,
  playwright,
  baseURL,
  allowConsoleError,
}) => {
  const owner = await playwright.request.newContext({ baseURL })
  await verifiedAccount(owner, baseURL ?? '', newEmail('public'))
  const handle = uniqueHandle('pub')
  expect(
    (await owner.patch('/api/me/profile', { data: { name: 'Public Pom', handle } })).status(),
  ).toBe(200)
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 90, b: 160 } },
  })
    .png()
    .toBuffer()
  const uploaded = await owner.put('/api/me/avatar', {
    data: png,
    headers: { 'Content-Type': 'image/png' },
  })
  expect(uploaded.status()).toBe(200)
  const { avatar } = (await uploaded.json()) as { avatar: string }

  // Every try of the lookup fails at first (the first and its two retries): the page says so
  // and offers another go.
  for (let tries = 0; tries < 3; tries += 1) allowConsoleError({ url: `/api/profiles/${handle}` })
  await page.route('**/api/profiles/**', (route) => route.abort())
  await page.goto(`/@${handle}`)
  await expect(page.getByText('This profile could not be loaded. Please try again.')).toBeVisible()
  await page.unroute('**/api/profiles/**')
  await page.getByRole('button', { name: 'Try again' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Public Pom')
  await expect(page.getByTestId('avatar-image')).toHaveAttribute('src', avatar)
  await owner.dispose()
})

test('the public page shows the pronouns, the bio as text with its addresses as links, and the links in the chosen accent', async ({
  page,
  request,
  baseURL,
}) => {
  const handle = uniqueHandle('hana')
  await verifiedAccount(request, baseURL ?? '', newEmail('fields'))
  const saved = await request.patch('/api/me/profile', {
    data: {
      name: 'Hana',
      handle,
      pronouns: 'she/her',
      bio: 'I draw <b>clouds</b> & cats.\nMore at https://art.example/hana.',
      links: [{ label: 'Gallery', url: 'https://gallery.example/@hana' }],
      accent: 'mint',
    },
    headers: { Origin: baseURL ?? '' },
  })
  expect(saved.status()).toBe(200)

  // Another browser, signed out, in the first visit's dark theme.
  await page.goto(`/@${handle}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hana')
  await expect(page.getByText('Pronouns: she/her')).toBeVisible()
  const about = page.getByRole('region', { name: 'About' })
  await expect(about).toContainText('I draw <b>clouds</b> & cats.')
  await expect(about.locator('b')).toHaveCount(0)
  const inBio = about.getByRole('link', { name: 'https://art.example/hana (opens in a new tab)' })
  await expect(inBio).toHaveAttribute('href', 'https://art.example/hana')
  await expect(inBio).toHaveAttribute('rel', 'nofollow ugc noopener')
  await expect(inBio).toHaveAttribute('target', '_blank')
  const gallery = about
    .getByRole('list', { name: 'Links' })
    .getByRole('link', { name: 'Gallery (opens in a new tab)' })
  await expect(gallery).toHaveAttribute('href', 'https://gallery.example/@hana')
  await expect(gallery).toHaveAttribute('rel', 'me nofollow ugc noopener')
  await expect(about).toContainText('gallery.example')
  // Mint's dark shade (#7ee0b5), then its light one (#17694a) once the theme is light.
  await expect(gallery).toHaveCSS('color', 'rgb(126, 224, 181)')
  expect(await blockingViolations(page)).toEqual([])
  await page.goto('/settings')
  await page.getByRole('radio', { name: 'Light', exact: true }).check()
  await page.goto(`/@${handle}`)
  await expect(gallery).toHaveCSS('color', 'rgb(23, 105, 74)')
  expect(await blockingViolations(page, { rules: COLOUR_RULES })).toEqual([])
})

test('a whole profile: every field, each problem under its own, a cropped banner, a frame, an accent and a verified link, seen without JavaScript with its card and tags; a changed handle redirects and stays reserved', async ({
  page,
  playwright,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'fields',
  )
  const handle = uniqueHandle('Sora')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await editor(page).name.fill('Sora')
  await editor(page).handle.fill(handle)

  const bio = panel(page).getByLabel('Bio')
  await bio.fill('あ'.repeat(301))
  await expect(bio).toHaveAccessibleDescription('301 of 300 characters')
  await panel(page).getByLabel('Pronouns').fill('they/them')

  const links = panel(page).getByRole('group', { name: 'Links' })
  const addLink = links.getByRole('button', { name: 'Add a link' })
  await addLink.click()
  const first = links.getByRole('group', { name: 'Link 1' })
  await expect(first.getByLabel('Label')).toBeFocused()
  await first.getByLabel('Label').fill('Sketches')
  await first.getByLabel('Address').fill('http://sketches.example/sora')
  // A row left empty is no link: it goes when the form is saved.
  await addLink.click()
  await links.getByRole('button', { name: 'Remove link 2' }).click()
  await expect(addLink).toBeFocused()
  await addLink.click()

  await panel(page).getByRole('radio', { name: 'Mint' }).check()
  await panel(page).getByRole('radio', { name: 'Cat ears' }).check()
  await panel(page).getByRole('checkbox', { name: 'Keep my page out of search engines' }).check()
  await editor(page).save.click()
  await expect(bio).toHaveAccessibleDescription('301 of 300 characters At most 300 characters')
  await expect(first.getByLabel('Address')).toHaveAccessibleDescription(
    'Please enter a web address starting with https://',
  )
  await expect(links.getByRole('group')).toHaveCount(1)
  expect(await blockingViolations(page)).toEqual([])

  await bio.fill('I draw <b>skies</b>.\nMore at https://sketches.example/sora/2026')
  await expect(bio).not.toHaveAttribute('aria-invalid')
  await first.getByLabel('Address').fill('https://sketches.example/sora')
  // A second link, to a page (the test peer's) that links back to the profile with rel="me".
  await addLink.click()
  const garden = links.getByRole('group', { name: 'Link 2' })
  await garden.getByLabel('Label').fill('Garden')
  const profileUrl = new URL(`/@${handle.toLowerCase()}`, baseURL).href
  await garden
    .getByLabel('Address')
    .fill(`${process.env.MOFU_E2E_LINK_PEER ?? ''}/me?to=${encodeURIComponent(profileUrl)}`)
  await editor(page).save.click()
  await expect(panel(page).getByRole('status')).toHaveText('Profile saved successfully!')
  await expectFrameDrawn(panel(page), 'cat-ears')
  const checked = panel(page).getByRole('region', { name: 'Links' })
  await expect(checked.getByText('1 of 2 links verified.')).toBeVisible()
  await expect(checked.getByRole('listitem').filter({ hasText: 'Garden' })).toContainText(
    'Verified',
  )

  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await expect(bio).toHaveValue('I draw <b>skies</b>.\nMore at https://sketches.example/sora/2026')
  await expect(panel(page).getByLabel('Pronouns')).toHaveValue('they/them')
  await expect(first.getByLabel('Address')).toHaveValue('https://sketches.example/sora')
  await expect(panel(page).getByRole('radio', { name: 'Mint' })).toBeChecked()
  await expect(panel(page).getByRole('radio', { name: 'Cat ears' })).toBeChecked()
  // A banner from a file, cropped to 3:1 as the dialog offers it.
  const banner = panel(page).getByRole('region', { name: 'Banner' })
  await banner.getByTestId('banner-file-input').setInputFiles(await landscape())
  const crop = page.getByRole('dialog', { name: 'Crop your banner' })
  await crop.getByRole('button', { name: 'OK' }).click()
  await expect(crop).toHaveCount(0)
  await expect(banner.getByTestId('banner-image')).toHaveAttribute(
    'src',
    /\/media\/banners\/[\w-]+\?v=[0-9a-f]{16}$/,
  )
  await editor(page).cancel.click()

  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders })
  const visitor = await elsewhere.newPage()
  await visitor.goto(`/@${handle.toLowerCase()}`)
  await expect(visitor.getByText('Pronouns: they/them')).toBeVisible()
  const about = visitor.getByRole('region', { name: 'About' })
  await expect(about).toContainText('I draw <b>skies</b>.')
  const sketches = about.getByRole('link', { name: 'Sketches (opens in a new tab)' })
  await expect(sketches).toHaveAttribute('href', 'https://sketches.example/sora')
  // Mint's shade for the first visit's dark theme.
  await expect(sketches).toHaveCSS('color', 'rgb(126, 224, 181)')
  await expectFrameDrawn(visitor.getByRole('main'), 'cat-ears')
  // The server drew the page with the profile, and the browser took it over as drawn.
  await expect(visitor.locator('#root')).not.toHaveAttribute('data-prerendered')
  await elsewhere.close()

  // Without JavaScript the server's page holds all of it, with the tags a link preview reads.
  const noScript = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
  })
  const reader = await noScript.newPage()
  const served = await reader.goto(`/@${handle.toLowerCase()}`)
  expect(served?.status()).toBe(200)
  // Asked to stay out of search engines, in the header and in the page.
  expect(served?.headers()['x-robots-tag']).toBe('noindex')
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Sora')
  await expect(reader.getByText('Pronouns: they/them')).toBeVisible()
  const shown = reader.getByRole('region', { name: 'About' })
  await expect(shown).toContainText('I draw <b>skies</b>.')
  await expect(shown.getByRole('link', { name: 'Sketches (opens in a new tab)' })).toHaveAttribute(
    'rel',
    'me nofollow ugc noopener',
  )
  await expectFrameDrawn(reader.getByRole('main'), 'cat-ears')
  await expect(
    reader.getByRole('list', { name: 'Links' }).getByRole('listitem').filter({ hasText: 'Garden' }),
  ).toContainText('Verified: its page links back to this profile')
  const shownBanner = reader.getByTestId('banner-image')
  await expect(shownBanner).toHaveJSProperty('complete', true)
  const { naturalWidth, naturalHeight } = await shownBanner.evaluate(
    ({ naturalWidth, naturalHeight }: HTMLImageElement) => ({ naturalWidth, naturalHeight }),
  )
  expect(naturalWidth / naturalHeight).toBeCloseTo(3, 1)
  // The footer the server drew has the configured contact address, as the app's own render.
  await expect(reader.getByRole('link', { name: /Contact/ })).toHaveAttribute(
    'href',
    'https://social.example/@mofu',
  )
  const tag = (key: string) => reader.locator(`meta[property="${key}"], meta[name="${key}"]`)
  await expect(tag('robots')).toHaveAttribute('content', 'noindex')
  await expect(tag('og:title')).toHaveAttribute('content', `Sora (@${handle})`)
  const description = 'I draw <b>skies</b>. More at https://sketches.example/sora/2026'
  await expect(tag('og:description')).toHaveAttribute('content', description)
  await expect(tag('description')).toHaveAttribute('content', description)
  await expect(tag('og:url')).toHaveAttribute(
    'content',
    new URL(`/@${handle.toLowerCase()}`, baseURL).href,
  )
  // The share card: a large image of the profile, its address absolute, with its size and words.
  await expect(tag('twitter:card')).toHaveAttribute('content', 'summary_large_image')
  const card = (await tag('og:image').getAttribute('content')) ?? ''
  const cards = new URL('/media/cards/', baseURL).href
  expect(card.slice(0, cards.length)).toBe(cards)
  expect(card.slice(cards.length)).toMatch(/^[A-Za-z0-9_-]+\.jpg\?v=[0-9a-f]{16}$/)
  await expect(tag('twitter:image')).toHaveAttribute('content', card)
  await expect(tag('og:image:type')).toHaveAttribute('content', 'image/jpeg')
  await expect(tag('og:image:width')).toHaveAttribute('content', '1200')
  await expect(tag('og:image:height')).toHaveAttribute('content', '630')
  await expect(tag('og:image:alt')).toHaveAttribute('content', `Profile card of Sora (@${handle})`)
  const image = await reader.request.get(card)
  expect(image.status()).toBe(200)
  expect(image.headers()['content-type']).toBe('image/jpeg')
  const drawn = Buffer.from(await image.body())
  const { format, width, height } = await sharp(drawn).metadata()
  expect({ format, width, height }).toEqual({ format: 'jpeg', width: 1200, height: 630 })
  // Its accent line along the bottom in Mint's dark-theme shade (#7ee0b5).
  expect(await distanceAt(drawn, { left: 600, top: 622 }, [0x7e, 0xe0, 0xb5])).toBeLessThan(24)
  // The banner's pink sky across its top.
  expect(await distanceAt(drawn, { left: 40, top: 20 }, SKY)).toBeLessThan(24)

  // A new handle: the old address leads to it, and nobody else can take the old one.
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const moved = uniqueHandle('Sora')
  await editor(page).handle.fill(moved)
  await expect(editor(page).status).toHaveText('This ID is available')
  await editor(page).save.click()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${moved}`)
  const followed = await reader.goto(`/@${handle.toLowerCase()}`)
  expect(followed?.request().redirectedFrom()?.url()).toBe(profileUrl)
  expect((await followed?.request().redirectedFrom()?.response())?.status()).toBe(301)
  expect(reader.url()).toBe(new URL(`/@${moved.toLowerCase()}`, baseURL).href)
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Sora')
  const other = await playwright.request.newContext({ baseURL })
  await verifiedAccount(other, baseURL ?? '', newEmail('taker'))
  const taken = await other.patch('/api/me/profile', {
    data: { handle: handle.toLowerCase() },
    headers: { Origin: baseURL ?? '' },
  })
  expect(taken.status()).toBe(409)
  expect(await taken.json()).toMatchObject({ code: 'HANDLE_TAKEN' })
  await other.dispose()
  await noScript.close()
})

test('a link whose page links back with rel="me" is verified, after the save and on checking again, which finds a link back gone', async ({
  page,
  playwright,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'verify',
  )
  const handle = uniqueHandle('mimi').toLowerCase()
  const peer = process.env.MOFU_E2E_LINK_PEER ?? ''
  const linkingBack = (pathname: string) =>
    `${peer}${pathname}?to=${encodeURIComponent(new URL(`/@${handle}`, baseURL).href)}`
  // The peer's own controls, over its self-signed HTTPS: for the page at a link's address.
  const peerControl = await playwright.request.newContext({ ignoreHTTPSErrors: true })
  const peerPage = (link: string) => {
    const { pathname, search } = new URL(link)
    return encodeURIComponent(`${pathname}${search}`)
  }
  /** How many times the peer was asked for the page at `link`. */
  const peerAsked = async (link: string) => {
    const answer = await peerControl.get(`${peer}/asked?page=${peerPage(link)}`)
    return ((await answer.json()) as { times: number }).times
  }
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await editor(page).name.fill('Mimi')
  await editor(page).handle.fill(handle)
  const links = panel(page).getByRole('group', { name: 'Links' })
  for (const [label, url] of [
    ['Garden', linkingBack('/me')],
    ['Diary', linkingBack('/later')],
  ]) {
    await links.getByRole('button', { name: 'Add a link' }).click()
    const row = links.getByRole('group').last()
    await row.getByLabel('Label').fill(label ?? '')
    await row.getByLabel('Address').fill(url ?? '')
  }
  await editor(page).save.click()

  const card = panel(page).getByRole('region', { name: 'Links' })
  await expect(card.getByText('1 of 2 links verified.')).toBeVisible()
  await expect(card.getByRole('listitem').filter({ hasText: 'Garden' })).toContainText('Verified')
  await expect(card.getByRole('listitem').filter({ hasText: 'Diary' })).toContainText(
    'Not verified',
  )
  await expect(card).toContainText(`put a link to ${new URL(`/@${handle}`, baseURL).href}`)
  expect(await blockingViolations(page)).toEqual([])

  // The diary's page gains its link back (another address, same page): checked again.
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const diary = `${linkingBack('/me')}&from=diary`
  await links.getByRole('group', { name: 'Link 2' }).getByLabel('Address').fill(diary)
  await editor(page).save.click()
  await expect(card.getByText('2 of 2 links verified.')).toBeVisible()
  expect(await peerAsked(diary)).toBe(1)

  // Then its page takes the link back off: checking again finds it gone.
  const unlinked = await peerControl.post(`${peer}/unlink?page=${peerPage(diary)}`)
  expect(unlinked.status()).toBe(204)
  await card.getByRole('button', { name: 'Check links again' }).click()
  await expect(card.getByText('1 of 2 links verified.')).toBeVisible()
  await expect(card.getByRole('listitem').filter({ hasText: 'Diary' })).toContainText(
    'Not verified',
  )
  expect(await peerAsked(diary)).toBe(2)

  const elsewhere = await browser.newContext({
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled: false,
  })
  const visitor = await elsewhere.newPage()
  await visitor.goto(`/@${handle}`)
  const shown = visitor.getByRole('list', { name: 'Links' }).getByRole('listitem')
  await expect(shown.filter({ hasText: 'Garden' })).toContainText(
    'Verified: its page links back to this profile',
  )
  await expect(shown.filter({ hasText: 'Diary' })).toBeVisible()
  await expect(shown.filter({ hasText: 'Diary' })).not.toContainText('Verified')
  await elsewhere.close()
  await peerControl.dispose()
})

test('the server-drawn /@handle page keeps every text of the profile as text', async ({
  request,
  baseURL,
}) => {
  const handle = uniqueHandle('esc')
  const hostile = '</title><script>alert(1)</script>"\' $& $1'
  await verifiedAccount(request, baseURL ?? '', newEmail('escape'))
  const saved = await request.patch('/api/me/profile', {
    data: {
      name: hostile.slice(0, 50),
      handle,
      pronouns: '"><img src=x>',
      bio: `${hostile}\n</script><!--`,
      links: [{ label: '<b>me</b>', url: 'https://example.com/?q="><script>' }],
    },
    headers: { Origin: baseURL ?? '' },
  })
  expect(saved.status()).toBe(200)
  const page = await request.get(`/@${handle}`, { headers: { Accept: 'text/html' } })
  expect(page.status()).toBe(200)
  const html = await page.text()
  // Listed as usual: the profile did not ask otherwise.
  expect(page.headers()['x-robots-tag']).toBeUndefined()
  expect(html).not.toContain('name="robots"')
  expect(html).not.toContain('<script>alert(1)')
  expect(html).not.toContain('<img src=x>')
  expect(html).not.toContain('<b>me</b>')
  expect(html).not.toContain('</script><!--')
  // The share card draws the same name as the text it is.
  const card = /<meta property="og:image" content="([^"]+)" \/>/.exec(html)?.[1] ?? ''
  const image = await request.get(card)
  expect(image.headers()['content-type']).toBe('image/jpeg')
  expect((await sharp(await image.body()).metadata()).width).toBe(1200)
  // The profile it carries for the browser reads back as the API gives it.
  const carried = /<script id="mofu-profile" type="application\/json">([^<]*)<\/script>/.exec(html)
  const api = await request.get(`/api/profiles/${handle}`)
  expect(JSON.parse(carried?.[1] ?? 'null')).toEqual(await api.json())

  // Every other spelling of the handle leads to its one address.
  const spelled = await request.get(`/@${handle.toUpperCase()}?from=chat`, {
    headers: { Accept: 'text/html' },
    maxRedirects: 0,
  })
  expect(spelled.status()).toBe(301)
  expect(spelled.headers().location).toBe(`/@${handle}?from=chat`)

  // A profile without a bio is described by who it is on Mofu, in the page's language.
  const quiet = uniqueHandle('quiet')
  await verifiedAccount(request, baseURL ?? '', newEmail('quiet'))
  await request.patch('/api/me/profile', {
    data: { name: 'Shizuka', handle: quiet },
    headers: { Origin: baseURL ?? '' },
  })
  const japanese = await request.get(`/@${quiet}`, {
    headers: { Accept: 'text/html', 'Accept-Language': 'ja' },
  })
  expect(await japanese.text()).toContain(
    `<meta property="og:description" content="Mofuの@${quiet}さん" />`,
  )
})

test('deleting the account, after confirmation, signs out and keeps the handle from others for 30 days', async ({
  page,
  playwright,
  baseURL,
  allowConsoleError,
}) => {
  const email = await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'profile',
  )
  const handle = uniqueHandle('gone')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await editor(page).name.fill('Soon Gone')
  await editor(page).handle.fill(handle)
  await expect(editor(page).save).toBeEnabled()
  await editor(page).save.click()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${handle}`)

  await panel(page).getByRole('button', { name: 'Delete account' }).click()
  const question = panel(page).getByRole('alertdialog', { name: 'Delete your account?' })
  await question.getByRole('button', { name: 'Keep my account' }).click()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${handle}`)
  await panel(page).getByRole('button', { name: 'Delete account' }).click()
  await question.getByLabel('Current password').fill(PASSWORD)
  await question.getByRole('button', { name: 'Delete for good' }).click()
  await expect(panel(page).locator('[data-state="signed-out"]')).toBeVisible()

  // Nobody can take the handle to pass for its owner; the page is gone.
  const availability = await page.request.get(`/api/handles/${handle}`)
  expect(await availability.json()).toMatchObject({
    available: false,
    message: 'This ID is already taken',
  })
  const gone = await page.request.get(`/@${handle.toLowerCase()}`, {
    headers: { Accept: 'text/html' },
  })
  expect(gone.status()).toBe(404)
  allowConsoleError({ url: '/api/auth/sign-in/email', status: 401 })
  await logIn(page, email)
  await expect(panel(page).getByRole('alert')).toHaveText(
    'No account found. Try signing in with Google.',
  )
})

test('a changed handle leads to the new one, and nobody else can take it for 30 days', async ({
  page,
  playwright,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  await signedInOnPage(
    page,
    await playwright.request.newContext({ baseURL }),
    baseURL ?? '',
    'moving',
  )
  const before = uniqueHandle('kaze')
  const after = uniqueHandle('arashi')
  for (const handle of [before, after]) {
    await panel(page).getByRole('button', { name: 'Edit' }).click()
    await editor(page).name.fill('Kaze')
    await editor(page).handle.fill(handle)
    await expect(editor(page).status).toHaveText('This ID is available')
    await editor(page).save.click()
    await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${handle}`)
  }

  // A link to the old address, opened, and followed inside the app.
  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders })
  const visitor = await elsewhere.newPage()
  await visitor.goto(`/@${before}`)
  await expect(visitor).toHaveURL(new RegExp(`/@${after}$`))
  await expect(visitor.getByText(`@${after} on Mofu`)).toBeVisible()
  // Followed inside the app, so once the app runs: the page has hydrated.
  await expect(visitor.locator('#root')).not.toHaveAttribute('data-prerendered')
  await visitor.evaluate((old) => {
    history.pushState(null, '', `/@${old}`)
    dispatchEvent(new PopStateEvent('popstate'))
  }, before)
  await expect(visitor).toHaveURL(new RegExp(`/@${after}$`))
  await expect(visitor.getByText(`@${after} on Mofu`)).toBeVisible()
  await elsewhere.close()

  const other = await playwright.request.newContext({ baseURL })
  await verifiedAccount(other, baseURL ?? '', newEmail('taker'))
  const taken = await other.patch('/api/me/profile', {
    data: { handle: before },
    headers: { Origin: baseURL ?? '' },
  })
  expect(taken.status()).toBe(409)
  expect(await taken.json()).toMatchObject({ code: 'HANDLE_TAKEN' })
  await other.dispose()
})

test('a change of ID past the limit is refused under the ID field, and nothing is saved', async ({
  page,
  playwright,
  baseURL,
  allowConsoleError,
}) => {
  const api = await playwright.request.newContext({ baseURL })
  await signedInOnPage(page, api, baseURL ?? '', 'limited')
  // A first ID, then as many changes as 30 days allow, through the API.
  const handles = [0, 1, 2, 3].map((step) => uniqueHandle(`step${step}x`))
  for (const handle of handles) {
    const saved = await api.patch('/api/me/profile', {
      data: { name: 'Often', handle },
      headers: { Origin: baseURL ?? '' },
    })
    expect(saved.status()).toBe(200)
  }
  const current = handles.at(-1) ?? ''
  await page.reload()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${current}`)

  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const another = uniqueHandle('another')
  await editor(page).handle.fill(another)
  await expect(editor(page).status).toHaveText('This ID is available')
  allowConsoleError({ url: '/api/me/profile', status: 429 })
  await editor(page).save.click()
  await expect(editor(page).status).toHaveText(
    'You can change your ID 3 times in 30 days. Try again once 30 days have passed since the first of those changes.',
  )
  await expect(editor(page).handle).toHaveAccessibleDescription(
    'You can change your ID 3 times in 30 days. Try again once 30 days have passed since the first of those changes.',
  )
  await expect(editor(page).handle).toHaveValue(another)
  expect(await blockingViolations(page, { include: 'form[aria-label="Edit profile"]' })).toEqual([])
  // Typing again clears it, until the next save says so again.
  await editor(page).handle.fill(`${another}z`)
  await expect(editor(page).status).toHaveText('This ID is available')
  await editor(page).cancel.click()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${current}`)
  await api.dispose()
})

test('retyping your own saved handle says it is available', async ({ page, request, baseURL }) => {
  await signedInOnPage(page, request, baseURL ?? '', 'profile')
  const mine = uniqueHandle('own')
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await panel(page).getByLabel('Name').fill('Own Handle')
  const handle = panel(page).getByLabel('ID', { exact: true })
  await handle.fill(mine)
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
  await panel(page).getByRole('button', { name: 'Save' }).click()
  await expect(panel(page).getByTestId('profile-handle')).toHaveText(`@${mine}`)

  await panel(page).getByRole('button', { name: 'Edit' }).click()
  await handle.fill(`${mine}z`)
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
  await handle.fill(mine.toUpperCase())
  await expect(panel(page).getByTestId('handle-status')).toHaveText('This ID is available')
})

test('leaving the editor or the crop with something unsaved asks first, and only then', async ({
  page,
  request,
  baseURL,
}) => {
  const email = newEmail('leave')
  await verifiedAccount(request, baseURL ?? '', email)
  // The panel opened inside the app, so Back stays in the app.
  await page.goto('/')
  await page.getByRole('button', { name: 'Open account panel' }).click()
  await logIn(page, email)
  await panel(page).getByRole('button', { name: 'Edit' }).click()
  const asked: string[] = []
  page.on('dialog', (dialog) => {
    asked.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  const question = 'confirm: You have changes that are not saved. Leave without saving them?'
  const back = () => page.evaluate(() => window.history.back())

  // A typed name: Back asks, and staying keeps it.
  await editor(page).name.fill('Not saved yet')
  await back()
  await expect.poll(() => asked).toEqual([question])
  await expect(editor(page).name).toHaveValue('Not saved yet')
  await expect(page).toHaveURL(/\?account=true$/)
  // Closing the tab asks as the browser asks; staying keeps it.
  await page.close({ runBeforeUnload: true })
  await expect.poll(() => asked).toEqual([question, 'beforeunload: '])
  expect(page.isClosed()).toBe(false)
  await expect(editor(page).name).toHaveValue('Not saved yet')

  // A picture in the crop dialog is not saved either.
  await editor(page).name.fill('')
  const chooser = page.waitForEvent('filechooser')
  await panel(page).getByRole('button', { name: 'Change avatar' }).click()
  await panel(page).getByRole('menuitem', { name: 'Browse Files' }).click()
  await (await chooser).setFiles(await landscape())
  const crop = page.getByRole('dialog', { name: 'Crop your avatar' })
  await expect(crop).toBeVisible()
  await back()
  await expect.poll(() => asked).toHaveLength(3)
  expect(asked[2]).toBe(question)
  await expect(crop).toBeVisible()
  await crop.getByRole('button', { name: 'Cancel' }).click()

  // Nothing unsaved: Back leaves the editor and closes the panel without a word.
  await back()
  await expect(panel(page)).toHaveCount(0)
  expect(asked).toHaveLength(3)
})
