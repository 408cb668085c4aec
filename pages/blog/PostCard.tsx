import type { ListedPost } from '../../renderer/blog-list.ts'
import { formatLongDate } from '../../renderer/format-date.ts'
import { responsiveImage } from '../../renderer/responsive-image.ts'

/** `eager` for the cards in the first screenful: one of them is the page's largest paint. */
export function PostCard({ post, eager = false }: { post: ListedPost; eager?: boolean }) {
  return (
    <li className="post-card">
      <a className="post-card__link" href={`/blog/${post.slug}`}>
        {post.featuredImageUrl ? (
          <CardImage url={post.featuredImageUrl} eager={eager} />
        ) : (
          <span className="post-card__placeholder">No image</span>
        )}
        <span className="post-card__body">
          <h2 className="post-card__title">{post.title}</h2>
          <time className="post-card__date" dateTime={post.publishDate}>
            {formatLongDate(post.publishDate)}
          </time>
        </span>
      </a>
    </li>
  )
}

/** A library image in the size of the card's column; any other image as it is. */
function CardImage({ url, eager }: { url: string; eager: boolean }) {
  const image = responsiveImage(url, 'card') ?? { src: url, width: 1200, height: 630 }
  return (
    <img
      className="post-card__image"
      src={image.src}
      srcSet={image.srcset}
      sizes={image.sizes}
      alt=""
      width={image.width}
      height={image.height}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
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
