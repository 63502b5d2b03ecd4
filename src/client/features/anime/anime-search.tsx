import { useEffect, useId, useState, type KeyboardEvent } from 'react'
import { Link } from 'wouter'
import type { AnimeSummary } from '@shared/anime'
import { useStrings } from '@client/lib/i18n/i18n'
import { AnimeTitle, TitleSwatch } from './anime-title'
import { HeartButton } from './heart-button'
import { useAnimeSearch } from './likes-query'
import { ANIME } from './strings'

/** The search asks this long after the last keystroke, so typing a word asks once. */
const SEARCH_DELAY_MS = 250

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs)
    return () => window.clearTimeout(timer)
  }, [value, delayMs])
  return settled
}

/**
 * The search box: the ARIA combobox pattern with a grid of results, a row per title and its
 * heart, its title a link to the title's page. The focus stays in the box; the arrow keys move the
 * active row (aria-activedescendant), Enter presses its heart, Escape closes the results and then
 * clears the box.
 */
export function AnimeSearch({
  isLiked,
  isBusy,
  onHeart,
}: {
  isLiked: (id: string) => boolean
  isBusy: (id: string) => boolean
  onHeart: (anime: AnimeSummary) => void
}) {
  const strings = useStrings('anime', ANIME)
  const id = useId()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS)
  const search = useAnimeSearch(query)
  const results = query === '' ? [] : (search.data?.results ?? [])
  const expanded = open && results.length > 0
  const cellId = (index: number) => `${id}-heart-${index}`
  const settledAnswer = query !== '' && query === text.trim() && !search.isFetching

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1
    if (event.key === 'ArrowDown' && last >= 0) {
      setOpen(true)
      setActive(!expanded || active >= last ? 0 : active + 1)
    } else if (event.key === 'ArrowUp' && last >= 0) {
      setOpen(true)
      setActive(!expanded || active <= 0 ? last : active - 1)
    } else if (event.key === 'Enter' && expanded && active >= 0 && active <= last) {
      onHeart(results[active] as AnimeSummary)
    } else if (event.key === 'Escape' && (expanded || text !== '')) {
      if (expanded) setOpen(false)
      else setText('')
      setActive(-1)
    } else return
    event.preventDefault()
  }

  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false)
      }}
    >
      <label htmlFor={`${id}-input`} className="block text-sm font-bold text-ink">
        {strings.search.label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {strings.search.hint}
      </p>
      <input
        id={`${id}-input`}
        // A text input: the Nu HTML checker refuses the combobox role on type=search.
        type="text"
        inputMode="search"
        enterKeyHint="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-haspopup="grid"
        aria-expanded={expanded}
        aria-controls={`${id}-results`}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={expanded && active >= 0 ? cellId(active) : undefined}
        placeholder={strings.search.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="mt-2 w-full rounded-full border border-line bg-raised px-5 py-3 text-ink shadow-sm placeholder:text-ink-muted focus:border-sakura-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-sakura-400"
      />
      <div
        id={`${id}-results`}
        role="grid"
        aria-label={strings.search.results}
        hidden={!expanded}
        className="absolute inset-x-0 z-20 mt-2 max-h-96 overflow-y-auto rounded-2xl border border-line bg-raised p-1 shadow-lg"
      >
        {results.map((anime, index) => (
          <div
            key={anime.id}
            role="row"
            aria-selected={index === active}
            onMouseEnter={() => setActive(index)}
            className="flex items-center gap-3 rounded-xl px-3 py-2 aria-selected:bg-accent-soft"
          >
            <div role="gridcell" className="flex min-w-0 flex-1 items-center gap-3">
              <TitleSwatch anime={anime} />
              {/* Out of the tab order as the hearts are: the arrow keys move within the grid. */}
              <Link
                to={`/anime/${anime.id}`}
                tabIndex={-1}
                className="min-w-0 rounded-lg hover:underline focus-visible:ring-2 focus-visible:ring-sakura-400 focus-visible:outline-none"
              >
                <AnimeTitle anime={anime} />
              </Link>
            </div>
            <div role="gridcell" id={cellId(index)}>
              <HeartButton
                anime={anime}
                liked={isLiked(anime.id)}
                busy={isBusy(anime.id)}
                onToggle={() => onHeart(anime)}
                tabIndex={-1}
              />
            </div>
          </div>
        ))}
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-ink-muted">
        {search.isError
          ? strings.search.failed
          : settledAnswer
            ? strings.search.count(results.length, query)
            : ''}
      </p>
    </div>
  )
}
