/** The nav bar's and footer's copy when no valid content/site/shared.yaml was ever committed. */
import type { SharedContent } from '../../../core/site-content/shared.ts'

export const SHARED_DEFAULT: SharedContent = {
  appStoreUrl: 'https://apps.apple.com/app/watchio-iptv-player/id6502893176',
  supportEmail: 'support@watchio.app',
  nav: {
    appButton: 'Get the app'
  },
  footer: {
    about: 'The premium IPTV player for iPhone, iPad, Apple TV and Mac. Bring your own provider and cloud accounts: Watchio plays them beautifully. It does not host, sell or provide any content.',
    siteHeading: 'Site',
    siteLinks: [
      {
        label: 'Blog',
        href: '/blog'
      },
      {
        label: 'Pricing',
        href: '/pricing'
      },
      {
        label: 'Watchio',
        href: '/watchio'
      },
      {
        label: 'Legal',
        href: '/legal'
      },
      {
        label: 'Partnerships',
        href: '/partnerships'
      },
      {
        label: 'Discord',
        href: '/discord'
      },
      {
        label: 'Feedback',
        href: '/feedback'
      },
      {
        label: 'Help',
        href: '/help'
      }
    ],
    elsewhereHeading: 'Elsewhere',
    elsewhereLinks: [
      {
        label: 'App Store',
        href: 'https://apps.apple.com/app/watchio-iptv-player/id6502893176'
      },
      {
        label: 'Public roadmap',
        href: 'https://roadmap.watchio.app'
      },
      {
        label: 'Playlist manager',
        href: 'https://playlists.watchio.app'
      },
      {
        label: 'IPTV account checker',
        href: 'https://iptv-account.watchio.app'
      },
      {
        label: 'Chat community',
        href: 'https://discord.gg/watchio'
      },
      {
        label: 'Forum community',
        href: 'https://www.reddit.com/r/watchio'
      }
    ],
    updated: 'Legal text last updated October 2025',
    copyright: '© 2025 Watchio. All rights reserved.'
  }
}
