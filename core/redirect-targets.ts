/**
 * Where the redirect pages (`/feedback`, `/discord`, `/help`, `/iptv`) send visitors: set by the
 * server's settings (FEEDBACK_URL...), shown by the pages.
 */
export interface RedirectTargets {
  feedback: string
  discord: string
  help: string
  iptv: string
}

export const DEFAULT_REDIRECT_TARGETS: RedirectTargets = {
  feedback: 'https://feedback.watchio.app',
  discord: 'https://discord.gg/watchio',
  help: 'https://help.watchio.app',
  iptv: 'https://iptv-account.watchio.app',
}
