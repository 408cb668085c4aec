import type { SeoFor } from '../../../renderer/seo.ts'

export default (() => ({
  title: 'Join the team',
  description: 'Accept an invitation to the Watchio admin.',
  noindex: true,
})) satisfies SeoFor
