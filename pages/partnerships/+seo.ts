import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Partnerships',
  description:
    'Partner with Watchio, the premium IPTV player for Apple devices: content providers and distributors, technology and infrastructure partners, marketing channels and strategic collaborations.',
})) satisfies SeoFor
