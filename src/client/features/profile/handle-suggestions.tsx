import { useStrings } from '@client/lib/i18n/i18n'
import { PROFILE } from './strings'

/**
 * Free IDs offered under a refused one (docs/using.md "Look-alike IDs"), as pills; one click or
 * key press puts one in the ID field. The live region above them announces that they are there.
 */
export function HandleSuggestions({
  suggestions,
  onUse,
}: {
  suggestions: readonly string[]
  onUse: (handle: string) => void
}) {
  const strings = useStrings('profile', PROFILE).editor
  if (suggestions.length === 0) return null
  return (
    <ul aria-label={strings.suggested} className="flex flex-wrap gap-2">
      {suggestions.map((suggestion) => (
        <li key={suggestion}>
          <button
            type="button"
            aria-label={strings.use(suggestion)}
            onClick={() => onUse(suggestion)}
            className="rounded-full border border-line bg-raised px-3.5 py-1.5 text-sm font-semibold text-ink shadow-sm transition hover:bg-accent-soft"
          >
            {suggestion}
          </button>
        </li>
      ))}
    </ul>
  )
}
