import { BrandMark } from './NavBar.tsx'
import { SITE_NAME } from '../core/brand.ts'
import { usePageContext } from './usePageContext.tsx'

export function Footer() {
  const { footer } = usePageContext().siteShared
  return (
    <footer className="footer">
      <div className="footer__inner container">
        <div className="footer__about">
          <a className="nav__brand" href="/">
            <BrandMark />
            <span>{SITE_NAME}</span>
          </a>
          <p>{footer.about}</p>
        </div>
        <nav aria-label="Site">
          <h2 className="footer__heading">{footer.siteHeading}</h2>
          <ul className="footer__links">
            {footer.siteLinks.map((page) => (
              <li key={page.href}>
                <a href={page.href}>{page.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Elsewhere">
          <h2 className="footer__heading">{footer.elsewhereHeading}</h2>
          <ul className="footer__links">
            {footer.elsewhereLinks.map((link) => (
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
        <p>{footer.updated}</p>
        <p>{footer.copyright}</p>
      </div>
    </footer>
  )
}
