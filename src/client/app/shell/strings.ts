/** The shell's own words (docs/architecture.md "Languages"); the page labels are in src/shared/routes.ts. */
export const SHELL = {
  skip: 'Skip to content',
  loading: 'Loading',
  sections: 'Sections',
  footer: 'Footer',
  contact: 'Contact',
  newTab: ' (opens in a new tab)',
  madeWith: '© Mofu · made with fluff',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  openAccount: 'Open account panel',
}

/** The Japanese of the page labels, by their English (none in English: they are the labels). */
export const PAGE_LABELS: Readonly<Partial<Record<string, string>>> = {}
