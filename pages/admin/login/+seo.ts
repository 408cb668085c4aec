import type { SeoFor } from '../../../renderer/seo.ts'

export default (() => ({
  title: 'Admin login',
  description: 'Sign in to the Watchio blog admin.',
  noindex: true,
})) satisfies SeoFor
