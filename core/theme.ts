/**
 * Light or dark (SPEC §4), stored in localStorage under `theme`, light by default.
 *
 * THEME_SCRIPT runs in <head> before the body is parsed, so the first paint already has
 * the right theme. It is inline, so the Content-Security-Policy allows it by its hash
 * (server/http/security-headers.ts hashes this exact string): change it freely, the hash follows.
 */
export type Theme = 'light' | 'dark'
export const THEME_STORAGE_KEY = 'theme'

export const THEME_SCRIPT =
  "try{document.documentElement.dataset.theme=localStorage.getItem('theme')==='dark'?'dark':'light'}catch(e){}"

export function readTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Storage can be unavailable (private mode, disabled): the theme still applies to this page.
  }
}
