import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Watchio',
  description:
    'The premium IPTV player for iPhone, iPad, Apple TV and Mac. Play your own M3U playlists, Xtream Codes, cloud, FTP and WebDAV accounts, with a full guide and downloads.',
  keywords: ['IPTV player', 'Apple TV IPTV', 'M3U player', 'Xtream Codes', 'EPG', 'WebDAV', 'iPhone', 'iPad', 'Mac'],
})) satisfies SeoFor
