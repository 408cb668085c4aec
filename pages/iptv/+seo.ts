import type { SeoFor } from '../../renderer/seo.ts'
import { redirectSeo } from '../_redirect/redirect-seo.ts'

export default ((pageContext) =>
  redirectSeo(pageContext, {
    target: 'iptv',
    title: 'IPTV Account',
    description: 'Check your IPTV account details and status with the IPTV account checker.',
    refreshSeconds: 0,
  })) satisfies SeoFor
