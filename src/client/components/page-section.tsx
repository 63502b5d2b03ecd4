import { useId, type ReactNode } from 'react'
import { Link } from 'wouter'

/** A titled block of a page: a `<section>` labelled by its own h2. */
export function PageSection({
  title,
  children,
  className = '',
}: {
  title: ReactNode
  children: ReactNode
  className?: string
}) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-bold text-ink sm:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-ink-muted [&>p]:max-w-prose">
        {children}
      </div>
    </section>
  )
}

/**
 * A small data table with a visible caption. Tables wider than two columns scroll sideways on
 * narrow screens; the scroll box is focusable and named so keyboard users can scroll it too.
 */
export function InfoTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: readonly string[]
  rows: readonly (readonly ReactNode[])[]
}) {
  const captionId = useId()
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-line bg-raised shadow-sm"
    >
      <table
        className={`w-full border-collapse text-left text-sm ${columns.length > 2 ? 'min-w-[32rem]' : ''}`}
      >
        <caption id={captionId} className="px-4 pt-4 pb-2 text-left font-semibold text-ink">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-line">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-semibold text-ink">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, row) => (
            <tr key={row} className="border-b border-line last:border-b-0">
              {cells.map((cell, column) =>
                column === 0 ? (
                  <th
                    key={column}
                    scope="row"
                    className="px-4 py-3 align-top font-semibold text-ink"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={column} className="px-4 py-3 align-top text-ink-muted">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Inline code for storage keys and cookie names: names, never translated. */
export function Key({ children }: { children: string }) {
  return (
    <code
      translate="no"
      className="rounded-md bg-sunken px-1.5 py-0.5 font-mono text-[0.9em] text-ink"
    >
      {children}
    </code>
  )
}

/**
 * What rich text in a catalogue draws with (docs/architecture.md "Languages"): an in-app link and a stored
 * name. Catalogue entries take it as an argument, so the Japanese chunk needs no component code.
 */
export interface RichText {
  link: (to: string, text: string) => ReactNode
  key: (name: string) => ReactNode
}

export const RICH: RichText = {
  link: (to, text) => (
    <Link to={to} className="font-semibold text-accent underline underline-offset-2">
      {text}
    </Link>
  ),
  key: (name) => <Key>{name}</Key>,
}
