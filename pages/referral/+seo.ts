import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Refer a Friend & Get Rewards',
  description:
    'Share your Watchio referral link with friends and receive your rewards once they download the IPTV player for Apple devices.',
})) satisfies SeoFor
