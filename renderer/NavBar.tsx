import { useId } from 'react'
import { SITE_NAME } from '../core/brand.ts'
import { ThemeToggle } from './ThemeToggle.tsx'
import { usePageContext } from './usePageContext.tsx'

export function NavBar() {
  const shared = usePageContext().siteShared
  return (
    <header className="nav">
      <nav className="nav__inner container" aria-label="Main">
        <a className="nav__brand" href="/">
          <BrandMark />
          <span className="nav__brand-name">{SITE_NAME}</span>
        </a>
        <div className="nav__actions">
          <ThemeToggle />
          <a className="button button--primary" href={shared.appStoreUrl} rel="noopener">
            {shared.nav.appButton}
          </a>
        </div>
      </nav>
    </header>
  )
}

export function BrandMark() {
  // Nav and footer both show the mark: each needs its own gradient id.
  const gradientId = useId()
  return (
    <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
    </svg>
  )
}
