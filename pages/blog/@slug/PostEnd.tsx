import type { PostExtras } from '../../../core/post-extras.ts'
import { PostNeighbours } from './PostNeighbours.tsx'
import { RelatedPosts } from './RelatedPosts.tsx'

/** What follows a post: its related posts, then its previous and next posts, in the article's column. */
export function PostEnd({ extras }: { extras: PostExtras }) {
  if (extras.related.length === 0 && !extras.older && !extras.newer) return null
  return (
    <div className="container post-end">
      <RelatedPosts posts={extras.related} />
      <PostNeighbours older={extras.older} newer={extras.newer} />
    </div>
  )
}
