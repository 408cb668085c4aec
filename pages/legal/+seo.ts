import type { SeoFor } from '../../renderer/seo.ts'

export default (() => ({
  title: 'Legal: Terms, Privacy and Disclaimer',
  description:
    'The Watchio Terms of Service, Privacy Policy and Disclaimer: a player that provides no content, your own IPTV credentials, what data we collect and what we never store.',
})) satisfies SeoFor
