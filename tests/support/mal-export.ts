/**
 * MyAnimeList anime list exports (`animelist_<epoch>_<user>.xml.gz`, from
 * https://myanimelist.net/panel.php?go=export), written as MyAnimeList writes them: the XML
 * declaration, its "Created by XML Export feature" comment, `<myinfo>` with the list's totals
 * and `user_export_type` 1, then one `<anime>` per entry with every field, titles and comments
 * in CDATA.
 */

export interface MalExportEntry {
  id: number
  title: string
  /** As the export writes it: Watching, Completed, On-Hold, Dropped, Plan to Watch. */
  status: string
  type?: string
  episodes?: number
  watched?: number
  score?: number
  comments?: string
}

const totalOf = (entries: readonly MalExportEntry[], status: string) =>
  entries.filter((entry) => entry.status === status).length

function animeXml(entry: MalExportEntry): string {
  const episodes = entry.episodes ?? 12
  return `
		<anime>
			<series_animedb_id>${entry.id}</series_animedb_id>
			<series_title><![CDATA[${entry.title}]]></series_title>
			<series_type>${entry.type ?? 'TV'}</series_type>
			<series_episodes>${episodes}</series_episodes>
			<my_id>0</my_id>
			<my_watched_episodes>${entry.watched ?? (entry.status === 'Completed' ? episodes : 0)}</my_watched_episodes>
			<my_start_date>0000-00-00</my_start_date>
			<my_finish_date>0000-00-00</my_finish_date>
			<my_rated></my_rated>
			<my_score>${entry.score ?? 0}</my_score>
			<my_storage></my_storage>
			<my_storage_value>0.00</my_storage_value>
			<my_status>${entry.status}</my_status>
			<my_comments><![CDATA[${entry.comments ?? ''}]]></my_comments>
			<my_times_watched>0</my_times_watched>
			<my_rewatch_value></my_rewatch_value>
			<my_priority>LOW</my_priority>
			<my_tags><![CDATA[]]></my_tags>
			<my_rewatching>0</my_rewatching>
			<my_rewatching_ep>0</my_rewatching_ep>
			<my_discuss>1</my_discuss>
			<my_sns>default</my_sns>
			<update_on_import>0</update_on_import>
		</anime>
	`
}

/** The export of an anime list holding `entries`, as text. */
export function malExport(entries: readonly MalExportEntry[], exportType = 1): string {
  return `<?xml version="1.0" encoding="UTF-8" ?>
		<!--
		 Created by XML Export feature at MyAnimeList.net
		 Version 1.1.0
		-->

		<myanimelist>

			<myinfo>
				<user_id>1234567</user_id>
				<user_name>mofu_fan</user_name>
				<user_export_type>${exportType}</user_export_type>
				<user_total_anime>${entries.length}</user_total_anime>
				<user_total_watching>${totalOf(entries, 'Watching')}</user_total_watching>
				<user_total_completed>${totalOf(entries, 'Completed')}</user_total_completed>
				<user_total_onhold>${totalOf(entries, 'On-Hold')}</user_total_onhold>
				<user_total_dropped>${totalOf(entries, 'Dropped')}</user_total_dropped>
				<user_total_plantowatch>${totalOf(entries, 'Plan to Watch')}</user_total_plantowatch>
			</myinfo>

${entries.map(animeXml).join('')}
		</myanimelist>
`
}

/**
 * A list of titles the shipped bangumi-data knows by their MyAnimeList ids, and one it does not
 * (a made-up id): for the end-to-end test against the built server's catalog.
 */
export const SHIPPED_CATALOG_LIST: readonly MalExportEntry[] = [
  { id: 52991, title: 'Sousou no Frieren', status: 'Completed', episodes: 28, score: 10 },
  { id: 33352, title: 'Violet Evergarden', status: 'Watching', episodes: 13, watched: 5 },
  { id: 99000001, title: 'Mofu no Yoru no Picnic', status: 'Plan to Watch', type: 'OVA' },
  { id: 1535, title: 'Death Note', status: 'Dropped', episodes: 37, watched: 4 },
]
