import { chromium, type Page } from '@playwright/test'
import type { Board } from '../src/shared/board'
import { cookiesOf } from './lighthouse'
import { seededFolderName } from './seed'
import { BOARD_PAGE, DRAG_CPU_SLOWDOWN, type BenchSettings } from './settings'

/** One card dragged on the board: the main thread's long tasks from picking it up to its drop. */
export interface BoardDragRun {
  /** Tasks of 50 ms or more (the browser's long tasks), at DRAG_CPU_SLOWDOWN. */
  longTasks: number
  /** The longest of them, 0 with none. */
  longestMs: number
}

export interface BoardDragResult {
  cpuSlowdown: number
  runs: BoardDragRun[]
  /** The longest task of every run. */
  longestMs: number
}

/** The browser the e2e tests drive (playwright.config.ts): Debian's Chromium. */
const CHROMIUM = '/usr/bin/chromium'
/** A desktop window: the cards stand three to a row, as a mouse user sees them. */
const VIEWPORT = { width: 1280, height: 800 }
/** Pointer moves between picking the card up and dropping it four cards further on. */
const DRAG_STEPS = 30
/** After the server has answered the move: the board re-renders with it. */
const SETTLE_MS = 1_000
/** How long the drop may take to reach the server, the page slowed as it is. */
const MOVE_TIMEOUT_MS = 60_000

/**
 * Set in the page: the long tasks the browser reports from now on, kept in
 * window.benchLongTasks. As text, so tsx wraps nothing in helpers the page lacks.
 */
const OBSERVE_LONG_TASKS = `window.benchLongTasks = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration)
}).observe({ type: 'longtask' })`

async function boardOf(appUrl: string, cookie: string): Promise<Board> {
  const answer = await fetch(`${appUrl}/api/me/likes`, { headers: { Cookie: cookie } })
  if (!answer.ok) throw new Error(`GET /api/me/likes answered ${answer.status}`)
  return (await answer.json()) as Board
}

/** The first folder's titles in order, as the server keeps them. */
async function firstFolderOrder(appUrl: string, cookie: string): Promise<string[]> {
  const board = await boardOf(appUrl, cookie)
  const first = board.folders.find((folder) => folder.name === seededFolderName(1))
  if (first === undefined) throw new Error('the board has no seeded folders')
  return board.likes.filter((like) => like.folderId === first.id).map((like) => like.anime.id)
}

/** The first folder's section on the board. */
const firstFolder = (page: Page) =>
  page.getByRole('region', { name: new RegExp(`^${seededFolderName(1)} `) })

/** The drag handles of the first folder's cards. */
const firstFolderHandles = (page: Page) =>
  firstFolder(page).locator('li button[aria-roledescription]')

/** Drags the first card of the first folder onto its fifth with the mouse, in steps. */
async function dragOnce(page: Page): Promise<void> {
  const handles = firstFolderHandles(page)
  const from = await handles.nth(0).boundingBox()
  const to = await handles.nth(4).boundingBox()
  if (from === null || to === null) throw new Error('the first folder shows no cards to drag')
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 }
  await page.mouse.move(start.x, start.y)
  await page.mouse.down()
  // Past the mouse sensor's activation distance, then on to the target.
  await page.mouse.move(start.x + 10, start.y + 10, { steps: 2 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: DRAG_STEPS })
  await page.mouse.up()
}

/**
 * The signed-in fixture user's board (BENCH_BOARD) in Chromium, a card dragged with the mouse
 * at DRAG_CPU_SLOWDOWN (Chromium's own CPU throttling, through the DevTools protocol): the long
 * tasks from picking the card up until the board has settled after the server answered the
 * move. Each run loads the board afresh; a drag the server did not record as a move throws, as
 * it measured nothing.
 */
export async function measureBoardDrag(
  appUrl: string,
  cookie: string,
  settings: BenchSettings,
): Promise<BoardDragResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
  try {
    const runs: BoardDragRun[] = []
    for (let run = 0; run < settings.boardDrags; run++) {
      const context = await browser.newContext({ viewport: VIEWPORT })
      try {
        await context.addCookies(cookiesOf(cookie, appUrl))
        const page = await context.newPage()
        await page.goto(`${appUrl}${BOARD_PAGE}`, { waitUntil: 'networkidle' })
        // The first folder's first row at the top of the window, so the card and its target
        // are both on it, and the board settled there. The folder first: the board draws a
        // folder's cards once it comes near the screen, and the pinned row and This week above
        // it can hold it further down.
        await firstFolder(page).evaluate((section) => section.scrollIntoView({ block: 'start' }))
        await firstFolderHandles(page)
          .first()
          .evaluate((handle) => handle.scrollIntoView({ block: 'start' }))
        await page.waitForTimeout(SETTLE_MS)
        const before = await firstFolderOrder(appUrl, cookie)
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: DRAG_CPU_SLOWDOWN })
        await page.evaluate(OBSERVE_LONG_TASKS)
        const moved = page.waitForResponse(
          (response) =>
            response.request().method() === 'PATCH' && response.url().includes('/api/me/likes/'),
          { timeout: MOVE_TIMEOUT_MS },
        )
        await dragOnce(page)
        await moved
        await page.waitForTimeout(SETTLE_MS)
        const tasks = (await page.evaluate('window.benchLongTasks')) as number[]
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
        const after = await firstFolderOrder(appUrl, cookie)
        if (after[0] === before[0]) throw new Error('the drag did not move the card')
        runs.push({ longTasks: tasks.length, longestMs: Math.max(0, ...tasks) })
      } finally {
        await context.close()
      }
    }
    return {
      cpuSlowdown: DRAG_CPU_SLOWDOWN,
      runs,
      longestMs: Math.max(0, ...runs.map((one) => one.longestMs)),
    }
  } finally {
    await browser.close()
  }
}
