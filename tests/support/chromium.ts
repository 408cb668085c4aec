import { existsSync } from 'node:fs'

/**
 * Debian's Chromium (browsers cannot be downloaded here; DESIGN.md) and the flags it runs
 * with: as root, headless, and without the background connections that this machine's
 * closed network would refuse.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

/**
 * The browser of the browser tests: Chromium's headless shell (Debian's chromium-headless-shell,
 * which `.ci/run` installs), the build Playwright itself runs headless by default: the same Blink
 * and V8 without the desktop browser around them. The suite's browser tests take a quarter less
 * time in it (three specs, 2 workers: 85 s in Chromium, 62 s in the shell). Chromium when the shell
 * is missing. The benches keep Chromium, which Lighthouse measures as a reader's browser.
 */
const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell'
export const TEST_BROWSER_PATH = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH)

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
