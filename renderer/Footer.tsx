import { BrandMark } from './NavBar.tsx'
import { FOOTER_PAGES, LINKS, SITE_NAME } from './brand.ts'

const COMMUNITY_LINKS = [
  { href: LINKS.appStore, label: 'App Store' },
  { href: LINKS.roadmap, label: 'Public roadmap' },
  { href: LINKS.playlistManager, label: 'Playlist manager' },
  { href: LINKS.accountChecker, label: 'IPTV account checker' },
  { href: LINKS.chatInvite, label: 'Chat community' },
  { href: LINKS.forum, label: 'Forum community' },
]

export function Footer() {
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__about">
          <a className="nav__brand" href="/">
            <BrandMark />
            <span>{SITE_NAME}</span>
          </a>
          <p>
            The premium IPTV player for iPhone, iPad, Apple TV and Mac. Bring your own provider and cloud accounts:
            Watchio plays them beautifully. It does not host, sell or provide any content.
          </p>
        </div>
        <nav aria-label="Site">
          <h2 className="footer__heading">Site</h2>
          <ul className="footer__links">
            {FOOTER_PAGES.map((page) => (
              <li key={page.href}>
                <a href={page.href}>{page.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Elsewhere">
          <h2 className="footer__heading">Elsewhere</h2>
          <ul className="footer__links">
            {COMMUNITY_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} rel="noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="footer__legal container">
        <p>Legal text last updated October 2025</p>
        <p>© 2025 {SITE_NAME}. All rights reserved.</p>
      </div>
    </footer>
  )
}
