import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Blog',
  description: 'News, updates, and insights from the team behind Watchio, the IPTV player for Apple devices.',
  keywords: ['Watchio', 'IPTV player', 'Apple TV', 'iPhone', 'iPad', 'Mac', 'release notes', 'how-to', 'setup guide'],
  feeds: true,
})) satisfies SeoFor
