import type { SeoFor } from '../../../renderer/seo.ts'

export default (() => ({
  title: 'Blog Admin',
  description: 'Write and publish Watchio blog posts.',
  noindex: true,
})) satisfies SeoFor
