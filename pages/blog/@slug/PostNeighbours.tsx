import type { PostExtras, PostLink } from '../../../core/post-extras.ts'
import { postUrl } from '../../../core/post-urls.ts'

/** Links to the post published just before this one and the one just after, by their titles. */
export function PostNeighbours({ older, newer }: Pick<PostExtras, 'older' | 'newer'>) {
  if (!older && !newer) return null
  return (
    <nav className="neighbours" aria-label="Previous and next posts">
      {older && <Neighbour post={older} rel="prev" label="Previous post" />}
      {newer && <Neighbour post={newer} rel="next" label="Next post" />}
    </nav>
  )
}

function Neighbour({ post, rel, label }: { post: PostLink; rel: 'prev' | 'next'; label: string }) {
  return (
    <a className={`neighbours__link neighbours__link--${rel}`} href={postUrl(post.slug)} rel={rel}>
      <span className="neighbours__label">{label}</span>
      <span className="neighbours__title">{post.title}</span>
    </a>
  )
}
