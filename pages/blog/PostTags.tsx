import { tagSlug, tagUrl } from '../../core/tags.ts'

/** A post's tags on its page: each a link to the tag's page. */
export function PostTags({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return null
  return (
    <ul className="post-tags" aria-label="Tags">
      {tags.map((name) => (
        <li key={name}>
          <a className="post-tags__tag" href={tagUrl(tagSlug(name))}>
            {name}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * A post's tags on its card, as text: the whole card is one link to the post, and a link may
 * hold no other. The tag pages are a click away on the post's page.
 */
export function CardTags({ tags }: { tags: readonly string[] | undefined }) {
  if (!tags?.length) return null
  return (
    <span className="post-card__tags">
      <span className="visually-hidden">Tags: </span>
      {tags.map((name) => (
        <span key={name} className="post-tags__tag">
          {name}
        </span>
      ))}
    </span>
  )
}
