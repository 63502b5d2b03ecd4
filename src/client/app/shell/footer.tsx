import { Link } from 'wouter'
import { FOOTER_LINKS } from '@shared/pages'
import { useStrings } from '@client/lib/i18n/i18n'
import { publicConfig } from '@client/lib/public-config'
import { PAGE_LABELS } from '../pages'
import { SHELL } from './strings'

export function Footer() {
  const strings = useStrings('shell', SHELL)
  const labels = useStrings('labels', PAGE_LABELS)
  return (
    <footer className="mt-12 border-t border-line px-4 py-8 text-sm text-ink-muted sm:px-8">
      <nav aria-label={strings.footer}>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <li key={link.label}>
              <Link
                href={link.path}
                className="underline-offset-4 hover:text-accent hover:underline"
              >
                {labels[link.label]}
              </Link>
            </li>
          ))}
          <li>
            <a
              href={publicConfig.contactUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="underline-offset-4 hover:text-accent hover:underline"
            >
              {strings.contact}
              <span className="sr-only">{strings.newTab}</span>
            </a>
          </li>
        </ul>
      </nav>
      <p className="mt-4">{strings.madeWith}</p>
    </footer>
  )
}
