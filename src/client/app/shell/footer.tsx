import { Link } from 'wouter'
import { FOOTER_LINKS } from '@shared/routes'
import { usePublicConfig } from '@client/lib/public-config'

export function Footer() {
  const { contactUrl } = usePublicConfig()
  return (
    <footer className="mt-12 border-t border-line px-4 py-8 text-sm text-ink-muted sm:px-8">
      <nav aria-label="Footer">
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <li key={link.label}>
              <Link
                href={link.path}
                className="underline-offset-4 hover:text-accent hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <a
              href={contactUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="underline-offset-4 hover:text-accent hover:underline"
            >
              Contact
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>
      <p className="mt-4">© Mofu · made with fluff</p>
    </footer>
  )
}
