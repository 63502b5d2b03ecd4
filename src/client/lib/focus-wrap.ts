const TAB_STOPS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps Tab inside `container`: past its last stop focus goes to the first, and Shift+Tab before
 * the first goes to the last. Left alone, Chromium moves focus out of a modal dialog (or a drawer
 * in front of an inert page) into its own toolbar, where a keyboard user loses their place.
 */
export function wrapTabFocus(event: KeyboardEvent, container: HTMLElement): void {
  // A dialog opened over this one has handled the key already.
  if (event.key !== 'Tab' || event.defaultPrevented) return
  const stops = [...container.querySelectorAll<HTMLElement>(TAB_STOPS)].filter(
    (stop) => stop.closest('[inert]') === null && stop.getClientRects().length > 0,
  )
  const first = stops[0]
  const last = stops.at(-1)
  if (first === undefined || last === undefined) return
  const active = document.activeElement
  const outside = !container.contains(active)
  if (event.shiftKey ? active === first || outside : active === last || outside) {
    event.preventDefault()
    ;(event.shiftKey ? last : first).focus()
  }
}
