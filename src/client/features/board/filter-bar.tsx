import { useId } from 'react'
import { ANIME_SEASONS, ANIME_TYPES, LIKE_STATUSES } from '@shared/anime'
import type { Folder } from '@shared/board'
import { useStrings } from '@client/lib/i18n/i18n'
import { filtersInUse, SORTS, UNSORTED, type BoardFilters, type Sort } from './board-model'
import { BOARD } from './strings'

const select = 'rounded-full border border-line bg-surface px-3 py-1.5 text-sm text-ink'

/** A row of chips, one pressed: the chosen one hops (filterJumpEffect). */
function Chips<T extends string>({
  label,
  options,
  value,
  nameOf,
  onChange,
}: {
  label: string
  options: readonly T[]
  value: T
  nameOf: (option: T) => string
  onChange: (option: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1.5">
      <span aria-hidden="true" className="mr-1 text-sm font-semibold text-ink">
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className="fx-filter-jump rounded-full border border-line px-3 py-1 text-sm text-ink hover:bg-accent-soft aria-pressed:border-sakura-400 aria-pressed:bg-accent-soft aria-pressed:font-semibold"
        >
          {nameOf(option)}
        </button>
      ))}
    </div>
  )
}

/** The board's filters (status, type, year, season, folder, text) and its sort. */
export function BoardFilterBar({
  filters,
  sort,
  years,
  folders,
  summary,
  orderable,
  onFilters,
  onClear,
  onSort,
}: {
  filters: BoardFilters
  sort: Sort
  years: readonly string[]
  folders: readonly Folder[]
  summary: string
  orderable: boolean
  onFilters: (filters: BoardFilters) => void
  onClear: () => void
  onSort: (sort: Sort) => void
}) {
  const strings = useStrings('board', BOARD)
  const id = useId()
  const set = (change: Partial<BoardFilters>) => onFilters({ ...filters, ...change })
  return (
    <section
      aria-label={strings.filters.title}
      className="space-y-3 rounded-2xl border border-line bg-raised p-3 shadow-sm"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-text`} className="text-sm font-semibold text-ink">
            {strings.filters.text}
          </label>
          <input
            id={`${id}-text`}
            type="search"
            value={filters.text}
            maxLength={100}
            placeholder={strings.filters.textPlaceholder}
            onChange={(event) => set({ text: event.target.value })}
            className="min-w-40 rounded-full border border-line bg-surface px-4 py-1.5 text-ink placeholder:text-ink-muted"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-sort`} className="text-sm font-semibold text-ink">
            {strings.sort.label}
          </label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(event) =>
              onSort(SORTS.find((option) => option === event.target.value) ?? 'order')
            }
            className={select}
          >
            {SORTS.map((option) => (
              <option key={option} value={option}>
                {strings.sort.options[option]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Chips
        label={strings.filters.status}
        options={['all', ...LIKE_STATUSES, 'none'] as const}
        value={filters.status}
        nameOf={(option) =>
          option === 'all'
            ? strings.filters.any
            : option === 'none'
              ? strings.filters.none
              : strings.statuses[option]
        }
        onChange={(status) => set({ status })}
      />
      <Chips
        label={strings.filters.type}
        options={['all', ...ANIME_TYPES] as const}
        value={filters.type}
        nameOf={(option) => (option === 'all' ? strings.filters.any : strings.types[option])}
        onChange={(type) => set({ type })}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          {strings.filters.year}
          <select
            value={filters.year}
            onChange={(event) => set({ year: event.target.value })}
            className={select}
          >
            <option value="">{strings.filters.anyYear}</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          {strings.filters.season}
          <select
            value={filters.season}
            onChange={(event) =>
              set({
                season: ANIME_SEASONS.find((season) => season === event.target.value) ?? 'all',
              })
            }
            className={select}
          >
            <option value="all">{strings.filters.any}</option>
            {ANIME_SEASONS.map((season) => (
              <option key={season} value={season}>
                {strings.seasons[season]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          {strings.filters.folder}
          <select
            value={filters.folder}
            onChange={(event) => set({ folder: event.target.value })}
            className={select}
          >
            <option value="all">{strings.filters.allFolders}</option>
            <option value={UNSORTED}>{strings.unsorted}</option>
            {folders.map((folder) => (
              <option key={folder.id} value={folder.id}>
                {folder.name}
              </option>
            ))}
          </select>
        </label>
        {filtersInUse(filters) && (
          <button
            type="button"
            onClick={onClear}
            className="text-sm font-semibold text-accent underline-offset-4 hover:underline"
          >
            {strings.filters.clear}
          </button>
        )}
      </div>
      <p role="status" className="text-sm text-ink-muted">
        {summary}
        {!orderable && ` ${strings.filters.orderHint}`}
      </p>
    </section>
  )
}
