/**
 * Debian's Chromium (browsers cannot be downloaded here; DESIGN.md) and the flags it runs
 * with: as root, headless, and without the background connections that this machine's
 * closed network would refuse.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
