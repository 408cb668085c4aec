import type { SeoFor } from '../../renderer/seo.ts'
import { MESSAGE_REFRESH_SECONDS, redirectSeo } from '../_redirect/redirect-seo.ts'

export default ((pageContext) =>
  redirectSeo(pageContext, {
    target: 'feedback',
    title: 'Feedback',
    description: 'Share ideas and vote on what comes next for Watchio on the feedback board.',
    refreshSeconds: MESSAGE_REFRESH_SECONDS,
  })) satisfies SeoFor
