import type { PublicPost } from '../../../core/contract/index.ts'
import { formatLongDate } from '../../../renderer/format-date.ts'
import { LibraryImage } from '../../../renderer/components/LibraryImage.tsx'
import { usePageContext } from '../../../renderer/usePageContext.tsx'
import type { Data } from './+data.ssr.ts'
import { PostEnd } from './PostEnd.tsx'
import { PostNotFound } from './PostNotFound.tsx'
import { PostTags } from '../PostTags.tsx'
import { ReadingTime } from './ReadingTime.tsx'
import { TableOfContents } from './TableOfContents.tsx'
// The blocks of other blogs (toggles, callouts, galleries…): only post pages hold them, so only they load their styles.
import '../../../renderer/post-blocks.css'

/** Server-rendered only, no script: every visit is a page load, and the data hook holds the post (or answers 404). */
export default function Page() {
  const data = usePageContext().data as Data | undefined
  const post = data?.post
  const extras = data?.extras
  // SPEC §2: "On error or no data: Post Not Found".
  if (!post) return <PostNotFound />
  return (
    <>
      <Article post={post} />
      {/* After the article, not in it: the other posts' links (they come with the page's own data only). */}
      {extras && <PostEnd extras={extras} />}
    </>
  )
}

function Article({ post }: { post: PublicPost }) {
  return (
    <article className="container article">
      <a className="article__back" href="/blog">
        ← All posts
      </a>
      <h1 className="article__title">{post.title}</h1>
      <time className="article__date" dateTime={post.publishDate}>
        {formatLongDate(post.publishDate)}
      </time>
      <PostTags tags={post.tags} />
      <ReadingTime content={post.content} />
      {/* The page's largest paint: loaded first, not lazily. */}
      {post.featuredImageUrl && <LibraryImage className="article__image" url={post.featuredImageUrl} slot="article" fetchPriority="high" alt={post.featuredImageAlt ?? ''} />}
      <TableOfContents content={post.content} />
      {/* Sanitized on save and again when the server loads it (server/content/sanitize-html.ts), its
          images made responsive there too (server/content/display-html.ts): shown as it comes. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  )
}
