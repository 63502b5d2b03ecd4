import { createHash } from 'node:crypto'
import type { Cluster } from './cluster'
import { HANG_LIMIT_MS, uncertain, type Member, type View } from './workload'

/**
 * Whether a cluster lost anything it acknowledged to the workload's members: read back from the
 * database and through the load balancer once the work is over. Used by the cluster test and
 * the rolling upgrade.
 */

/** A statement on the cluster's database. */
type Query = Cluster['query']

interface StoredProfile {
  user_id: string
  name: string
  username: string | null
  avatar_version: string
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/**
 * What the members were told was done and is not: each one's stored name and handle are those
 * of their last save answered 200 (or of a later one cut off), the avatar of their last upload
 * answered 200 is served byte for byte, the API answers what the table holds, every session a
 * sign-in opened still works, and each page's views hold every view answered 204.
 */
export async function acknowledgedLost(members: Member[], query: Query): Promise<string[]> {
  const rows = await query<StoredProfile>(
    'select user_id, name, username, avatar_version from profiles',
  )
  const lost: string[] = await viewsLost(
    members.flatMap((member) => member.views),
    query,
  )
  for (const member of members) {
    const row = rows.find((candidate) => candidate.user_id === member.uid)
    if (row === undefined) throw new Error(`no profile for ${member.email}`)
    lost.push(...savesLost(member, row))
    lost.push(...(await avatarLost(member, row)))
    const answer = await member.client.request('/api/me/profile', {
      headers: { Cookie: member.cookie },
      timeoutMs: HANG_LIMIT_MS,
    })
    const profile = JSON.parse(answer.body.toString()) as { name: string; username: string }
    if (profile.name !== row.name || profile.username !== (row.username ?? '')) {
      lost.push(
        `${member.email}: the API answers ${JSON.stringify(profile)}, the table holds ${row.name} @${row.username}`,
      )
    }
    for (const cookie of member.sessions) {
      const status = (
        await member.client.request('/api/me/profile', {
          headers: { Cookie: cookie },
          timeoutMs: HANG_LIMIT_MS,
        })
      ).status
      if (status !== 200) lost.push(`${member.email}: a session signed in (200) answers ${status}`)
    }
  }
  return lost
}

/**
 * A member's saves are sequential. The row must hold the name of the last save answered 200,
 * or of a later one whose answer was lost with a killed instance (it may have been written);
 * likewise the handle of the last claim answered 200. A save refused (409, 429) wrote nothing.
 */
function savesLost(member: Member, row: StoredProfile): string[] {
  const lastKept = member.saves.findLastIndex((save) => save.sent.status === 200)
  const names = member.saves
    .slice(Math.max(0, lastKept))
    .filter((save, i) => (i === 0 && lastKept >= 0) || uncertain(save.sent))
    .map((save) => save.name)
  if (lastKept === -1) names.push('')
  const claims = member.saves.filter((save) => save.handle !== undefined)
  const lastClaim = claims.findLastIndex((save) => save.sent.status === 200)
  const handles = claims
    .slice(Math.max(0, lastClaim))
    .filter((save, i) => (i === 0 && lastClaim >= 0) || uncertain(save.sent))
    .map((save) => save.handle?.toLowerCase() ?? null)
  if (lastClaim === -1) handles.push(null)
  const problems: string[] = []
  if (!names.includes(row.name)) {
    problems.push(
      `${member.email}: holds name "${row.name}", the last acknowledged is one of ${JSON.stringify(names)}`,
    )
  }
  if (!handles.includes(row.username)) {
    problems.push(
      `${member.email}: holds handle ${row.username}, the last acknowledged is one of ${JSON.stringify(handles)}`,
    )
  }
  return problems
}

/**
 * The avatar of the last upload answered 200, served byte for byte as right after its upload;
 * or, when a later upload's answer was lost with a killed instance, possibly that one's.
 */
async function avatarLost(member: Member, row: StoredProfile): Promise<string[]> {
  const kept = member.uploads.findLast((upload) => upload.sent.status === 200)
  if (kept?.avatar === undefined) return []
  const laterUnknown = member.uploads
    .slice(member.uploads.indexOf(kept) + 1)
    .some((upload) => uncertain(upload.sent))
  const version = new URL(kept.avatar).searchParams.get('v')
  if (version !== row.avatar_version) {
    return laterUnknown
      ? []
      : [`${member.email}: holds avatar version ${row.avatar_version}, acknowledged ${version}`]
  }
  const url = new URL(kept.avatar)
  const answer = await member.client.request(url.pathname + url.search, {
    timeoutMs: HANG_LIMIT_MS,
  })
  if (answer.status !== 200)
    return [`${member.email}: avatar ${kept.avatar} answers ${answer.status}`]
  if (kept.served !== undefined && sha256(answer.body) !== kept.served) {
    return [`${member.email}: avatar ${kept.avatar} is not the bytes served after its upload`]
  }
  return []
}

/**
 * Each page's count holds every view answered 204, and no more views than were sent (one cut
 * off with a killed instance or the database may have counted or not).
 */
async function viewsLost(views: View[], query: Query): Promise<string[]> {
  const counted = await query<{ path: string; views: string }>(
    'select path, sum(views) as views from page_view_counts group by path',
  )
  const problems: string[] = []
  for (const path of new Set(views.map((view) => view.path))) {
    const sent = views.filter((view) => view.path === path)
    const acknowledged = sent.filter((view) => view.sent.status === 204).length
    const count = Number(counted.find((row) => row.path === path)?.views ?? 0)
    if (count < acknowledged || count > sent.length) {
      problems.push(
        `page ${path}: counted ${count} views, ${acknowledged} answered 204 of ${sent.length} sent`,
      )
    }
  }
  return problems
}
