import { socialImageUrl } from '../../../core/responsive-image.ts'
import type { SeoFor } from '../../../renderer/seo.ts'
import type { Data } from './+data.ssr.ts'

export default ((pageContext) => {
  const post = (pageContext.data as Data | undefined)?.post
  if (!post) return { title: 'Blog', description: 'News, updates, and insights from the team' }
  return {
    title: post.title,
    description: post.summary,
    type: 'article',
    publishedTime: post.publishDate,
    image: post.featuredImageUrl ? socialImageUrl(post.featuredImageUrl) : undefined,
    imageAlt: post.featuredImageAlt,
    feeds: true,
  }
}) satisfies SeoFor
