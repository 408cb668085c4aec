import type { SeoFor } from '../../renderer/seo.ts'
import { MESSAGE_REFRESH_SECONDS, redirectSeo } from '../_redirect/redirect-seo.ts'

export default ((pageContext) =>
  redirectSeo(pageContext, {
    target: 'discord',
    title: 'Discord',
    description: 'Join the Watchio community on Discord: tips, announcements and help from other users.',
    refreshSeconds: MESSAGE_REFRESH_SECONDS,
  })) satisfies SeoFor
