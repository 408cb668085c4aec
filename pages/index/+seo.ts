import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Watchio',
  description:
    'Watchio is the premium IPTV player for iPhone, iPad, Apple TV and Mac. Bring your own IPTV and cloud accounts and enjoy them with elegance.',
})) satisfies SeoFor
