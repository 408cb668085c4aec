import { usePageContext } from '../../../../renderer/usePageContext.tsx'
import type { Data } from './+data.ts'
import { PostCard } from '../../PostCard.tsx'
import { TagPagination } from './TagPagination.tsx'

/** A tag's posts, ten a page like /blog, each page a URL of its own: it works as plain HTML. */
export default function Page() {
  const tag = usePageContext().data as Data
  return (
    <div className="container">
      <header className="page-header">
        <h1>{tag.name}</h1>
        <p>
          Posts tagged {tag.name}. <a href="/blog">All posts</a>
        </p>
      </header>
      <ul className="post-grid">
        {tag.posts.map((post, index) => (
          <PostCard key={post.id} post={post} eager={index < 3} />
        ))}
      </ul>
      {tag.totalPages > 1 && <TagPagination slug={tag.slug} page={tag.page} totalPages={tag.totalPages} />}
    </div>
  )
}
