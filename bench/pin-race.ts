import type { Fixture } from './fixture'
import { PIN_RACE } from './settings'
import { BROWSER_API_HEADERS } from './load'

/** How the pin race went: the answers' codes, counted. */
export interface PinRaceResult {
  sent: number
  /** 200: a pin taken. */
  granted: number
  /** 409 OUT_OF_PINS: the period's pins were used. */
  refused: number
  /** Any other answer's status, each once per answer: none is the only right count. */
  other: number[]
}

/**
 * The pin race: the fixture's free account sends PIN_RACE.pins pins at once, each on a liked title
 * of its own, over as many connections. Only the database can keep the period's allowance here:
 * every request reads the same unused count at the start.
 */
export async function runPinRace(appUrl: string, { raceUser, animeIds }: Fixture) {
  const headers = {
    ...BROWSER_API_HEADERS,
    origin: appUrl,
    cookie: raceUser.cookie,
    'x-forwarded-for': raceUser.ip,
  }
  const answers = await Promise.all(
    animeIds.slice(0, PIN_RACE.pins).map(async (id) => {
      const answer = await fetch(`${appUrl}/api/me/likes/${id}/pin`, { method: 'PUT', headers })
      const { code } = answer.ok
        ? { code: undefined }
        : ((await answer.json()) as { code?: string })
      return { status: answer.status, code }
    }),
  )
  const refused = (a: { status: number; code?: string }) =>
    a.status === 409 && a.code === 'OUT_OF_PINS'
  return {
    sent: answers.length,
    granted: answers.filter((a) => a.status === 200).length,
    refused: answers.filter(refused).length,
    other: answers.filter((a) => a.status !== 200 && !refused(a)).map((a) => a.status),
  } satisfies PinRaceResult
}
