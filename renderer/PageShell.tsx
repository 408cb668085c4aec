import { type ReactNode, StrictMode } from 'react'
import type { PageContext } from 'vike/types'
import { Footer } from './Footer.tsx'
import { NavBar } from './NavBar.tsx'
import { ToastHost } from './ToastHost.tsx'
import { PageContextProvider } from './usePageContext.tsx'
import './styles.css'

/** Every page: the sticky nav bar, the page itself, the footer (SPEC §2 site chrome). */
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
        <ToastHost />
      </PageContextProvider>
    </StrictMode>
  )
}
