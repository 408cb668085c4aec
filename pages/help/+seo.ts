import type { SeoFor } from '../../renderer/seo.ts'
import { MESSAGE_REFRESH_SECONDS, redirectSeo } from '../_redirect/redirect-seo.ts'

export default ((pageContext) =>
  redirectSeo(pageContext, {
    target: 'help',
    title: 'Help Center',
    description: 'Guides and answers for setting up and using Watchio on iPhone, iPad, Apple TV and Mac.',
    refreshSeconds: MESSAGE_REFRESH_SECONDS,
  })) satisfies SeoFor
