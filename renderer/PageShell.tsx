import { type ReactNode, StrictMode } from 'react'
import type { PageContext } from 'vike/types'
import { Footer } from './Footer.tsx'
import { NavBar } from './NavBar.tsx'
import { PageContextProvider } from './usePageContext.tsx'
import './styles.css'

/**
 * Every page: the sticky nav bar, the page itself, the footer (SPEC §2 site chrome). Pages that
 * show toasts (the referral page, the admin) mount renderer/ToastHost.tsx themselves: the others,
 * the landing page first, carry none of its code.
 */
export function PageShell(props: { pageContext: PageContext; children: ReactNode }) {
  return (
    <StrictMode>
      <PageContextProvider pageContext={props.pageContext}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <NavBar />
        <main id="main" tabIndex={-1}>
          {props.children}
        </main>
        <Footer />
      </PageContextProvider>
    </StrictMode>
  )
}
