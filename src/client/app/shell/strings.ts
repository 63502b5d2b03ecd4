/** The shell's own words (docs/architecture.md "Languages"); the page labels are PAGE_LABELS (../pages.ts). */
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
