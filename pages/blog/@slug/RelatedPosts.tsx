import { formatLongDate } from '../../../renderer/format-date.ts'
import type { PostLink } from '../../../core/post-extras.ts'
import { postUrl } from '../../../core/post-urls.ts'

/** The related posts at the end of a post (core/related-posts.ts says which): plain links. */
export function RelatedPosts({ posts }: { posts: PostLink[] }) {
  if (posts.length === 0) return null
  return (
    <aside className="related" aria-labelledby="Related-title">
      <h2 id="Related-title" className="related__title">
        Related posts
      </h2>
      <ul className="related__list">
        {posts.map((post) => (
          <li key={post.slug}>
            <a href={postUrl(post.slug)}>{post.title}</a>
            <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
          </li>
        ))}
      </ul>
    </aside>
  )
}
