/** The product's name and the external places the site links to (SPEC §2). */
export const SITE_NAME = 'Watchio'

export const LINKS = {
  appStore: 'https://apps.apple.com/app/watchio-iptv-player/id6502893176',
  roadmap: 'https://roadmap.watchio.app',
  playlistManager: 'https://playlists.watchio.app',
  accountChecker: 'https://iptv-account.watchio.app',
  chatInvite: 'https://discord.gg/watchio',
  forum: 'https://www.reddit.com/r/watchio',
  supportEmail: 'support@watchio.app',
} as const

/** Site pages linked from the footer, in SPEC §2 order. */
export const FOOTER_PAGES = [
  { href: '/blog', label: 'Blog' },
  { href: '/pricing', label: 'Pricing' },
  { href: '/watchio', label: 'Watchio' },
  { href: '/legal', label: 'Legal' },
  { href: '/partnerships', label: 'Partnerships' },
  { href: '/discord', label: 'Discord' },
  { href: '/feedback', label: 'Feedback' },
  { href: '/help', label: 'Help' },
] as const
