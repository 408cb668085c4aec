import type { SeoFor } from '../../../renderer/seo.ts'

export default (() => ({
  title: 'People',
  description: 'The team of the Watchio admin: roles, invitations, disabled accounts.',
  noindex: true,
})) satisfies SeoFor
