import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Pricing',
  description:
    'Watchio is free to start. Premium is $4.99 per month, or $2.49 per month billed annually with a 1-week free trial for new users. Solo and Family Lifetime available.',
  keywords: ['Watchio pricing', 'IPTV player', 'Premium', 'Lifetime', 'Family Sharing', 'free trial'],
})) satisfies SeoFor
