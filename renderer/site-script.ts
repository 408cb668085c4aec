// The few lines of plain script every public page runs, React or not (each page's +client.ts loads it):
// the theme toggle, a static export's not-found line, the redirect pages' move. Loaded as a module
// of the site's own origin, so the Content-Security-Policy allows it as it is.
import { applyTheme, readTheme } from './theme.ts'

function bindThemeToggle(): void {
  const buttons = () => document.querySelectorAll<HTMLButtonElement>('.theme-toggle')
  const show = () => buttons().forEach((button) => button.setAttribute('aria-pressed', String(readTheme() === 'dark')))
  show()
  document.addEventListener('click', (event) => {
    // A click something else handled already is left alone.
    if (event.defaultPrevented || !(event.target instanceof Element) || !event.target.closest('.theme-toggle')) return
    applyTheme(readTheme() === 'dark' ? 'light' : 'dark')
    show()
  })
}

/** A static export's 404 page is one file for every visit: the line is picked here (the server picks its own). */
function pickNotFoundLine(): void {
  const page = document.querySelector<HTMLElement>('.not-found[data-lines]')
  const line = page?.querySelector('.not-found__line')
  if (!page || !line) return
  const lines = JSON.parse(page.dataset.lines ?? '[]') as string[]
  if (lines.length > 0) line.textContent = lines[Math.floor(Math.random() * lines.length)]!
}

/** The redirect pages: the browser goes on after the message (a meta refresh does it without script). */
function followRedirect(): void {
  const panel = document.querySelector<HTMLElement>('[data-redirect-to]')
  if (!panel) return
  // `replace`: Back from the target returns to the page before, not into this redirect again.
  const go = () => window.setTimeout(() => window.location.replace(panel.dataset.redirectTo!), Number(panel.dataset.redirectDelay ?? 0))
  // Counted from the page's load, as when React hydrated it: the page is whole before it goes.
  if (document.readyState === 'complete') go()
  else window.addEventListener('load', go, { once: true })
}

bindThemeToggle()
pickNotFoundLine()
followRedirect()
// Once this ran: the browser tests wait for it as they wait for an island's hydration.
document.documentElement.setAttribute('data-script-ready', '')
