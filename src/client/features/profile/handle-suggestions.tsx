/**
 * Free IDs offered under a refused one (issue 15 §1), as pills; one click or key press puts one in
 * the ID field. The live region above them announces that they are there.
 */
export function HandleSuggestions({
  suggestions,
  onUse,
}: {
  suggestions: readonly string[]
  onUse: (handle: string) => void
}) {
  if (suggestions.length === 0) return null
  return (
    <ul aria-label="Suggested IDs" className="flex flex-wrap gap-2">
      {suggestions.map((suggestion) => (
        <li key={suggestion}>
          <button
            type="button"
            aria-label={`Use the ID ${suggestion}`}
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
