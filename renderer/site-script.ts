// The few lines of plain script every public page runs, React or not (each page's +client.ts loads it):
// the theme toggle, a static export's not-found line, the redirect pages' move, and fetching the
// page a reader is about to open. Loaded as a module of the site's own origin, so the
// Content-Security-Policy allows it as it is.
import { applyTheme, readTheme } from '../core/theme.ts'

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

/** How long the pointer rests on a link before its page is fetched: a pointer passing over fetches nothing. */
const HOVER_MS = 65

/**
 * A page of the site whose link the pointer rests on, a finger touches or the keyboard reaches is
 * fetched ahead (`<link rel=prefetch>`, which the browser keeps for the visit that follows), so the
 * click shows it at once; links are ordinary links. Not with Save-Data, and never the admin, the
 * API or a file.
 */
function prefetchOnIntent(): void {
  if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return
  const fetched = new Set([pageUrl(location.href)])
  const pageOf = (target: EventTarget | null): string | null => {
    const link = target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
    const url = new URL(link.href)
    if (url.origin !== location.origin || /^\/(admin|api)(\/|$)/.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname)) return null
    const page = pageUrl(url.href)
    return fetched.has(page) ? null : page
  }
  const prefetch = (page: string | null) => {
    if (!page || fetched.has(page)) return
    fetched.add(page)
    const hint = document.createElement('link')
    hint.rel = 'prefetch'
    hint.href = page
    document.head.append(hint)
  }
  let resting: number | undefined
  let pressing = false
  document.addEventListener('pointerover', (event) => {
    const page = pageOf(event.target)
    window.clearTimeout(resting)
    if (page && event.pointerType === 'mouse') resting = window.setTimeout(() => prefetch(page), HOVER_MS)
  })
  document.addEventListener('pointerout', () => window.clearTimeout(resting))
  document.addEventListener('touchstart', (event) => prefetch(pageOf(event.target)), { passive: true })
  // A press focuses the link too, and the click that follows loads it anyway.
  document.addEventListener('pointerdown', () => (pressing = true))
  document.addEventListener('pointerup', () => (pressing = false))
  document.addEventListener('focusin', (event) => void (pressing || prefetch(pageOf(event.target))))
}

/** A page's URL without its fragment: one page, whichever part of it a link points at. */
function pageUrl(href: string): string {
  return href.split('#')[0]!
}

bindThemeToggle()
pickNotFoundLine()
followRedirect()
prefetchOnIntent()
// Once this ran: the browser tests wait for it as they wait for an island's hydration.
document.documentElement.setAttribute('data-script-ready', '')
