import type { SeoFor } from '../../../renderer/seo.ts'

export default (() => ({
  title: 'Site Admin',
  description: 'Edit the copy of the Watchio website’s pages.',
  noindex: true,
})) satisfies SeoFor
