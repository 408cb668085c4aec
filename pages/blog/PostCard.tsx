import type { ListedPost } from '../../core/blog-list.ts'
import { formatLongDate } from '../../renderer/format-date.ts'
import { LibraryImage } from '../../renderer/components/LibraryImage.tsx'
import { postUrl } from '../../core/post-urls.ts'
import { CardTags } from './PostTags.tsx'

/** `eager` for the cards in the first screenful: one of them is the page's largest paint. */
export function PostCard({ post, eager = false }: { post: ListedPost; eager?: boolean }) {
  return (
    <li className="post-card">
      <a className="post-card__link" href={postUrl(post.slug)}>
        {post.featuredImageUrl ? (
          <LibraryImage className="post-card__image" url={post.featuredImageUrl} slot="card" loading={eager ? undefined : 'lazy'} decoding="async" alt={post.featuredImageAlt ?? ''} />
        ) : (
          <span className="post-card__placeholder">No image</span>
        )}
        <span className="post-card__body">
          <h2 className="post-card__title">{post.title}</h2>
          <time className="post-card__date" dateTime={post.publishDate}>
            {formatLongDate(post.publishDate)}
          </time>
          <CardTags tags={post.tags} />
        </span>
      </a>
    </li>
  )
}

export function PostCardPlaceholder() {
  return (
    <li className="post-card" aria-hidden="true" data-testid="post-placeholder">
      <div className="skeleton skeleton--image" />
      <div className="post-card__body">
        <div className="skeleton skeleton--line skeleton--long" />
        <div className="skeleton skeleton--line skeleton--short" />
      </div>
    </li>
  )
}
