import type { SeoFor } from '../../../renderer/seo.ts'

export default (() => ({
  title: 'Your account',
  description: 'Your name, password, second factors and sessions in the Watchio admin.',
  noindex: true,
})) satisfies SeoFor
