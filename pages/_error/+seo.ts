import type { SeoFor } from '../../renderer/seo.ts'
import { POST_NOT_FOUND } from '../blog/@slug/PostNotFound.tsx'

export default ((pageContext) => {
  if (pageContext.abortReason === POST_NOT_FOUND) {
    return { title: 'Post Not Found', description: "The blog post you're looking for doesn't exist or has been removed.", noindex: true }
  }
  if (pageContext.is404) {
    return { title: 'Page Not Found', description: 'This page does not exist.', noindex: true }
  }
  return { title: 'Something went wrong', description: 'We could not show this page.', noindex: true }
}) satisfies SeoFor
