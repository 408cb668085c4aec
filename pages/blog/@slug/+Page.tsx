import { useEffect } from 'react'
import { API_PATHS, type PublicPost } from '../../../renderer/contract/index.ts'
import { formatLongDate } from '../../../renderer/format-date.ts'
import { LibraryImage } from '../../../renderer/components/LibraryImage.tsx'
import { documentTitle } from '../../../renderer/seo.ts'
import { usePageContext } from '../../../renderer/usePageContext.tsx'
import { useJson } from '../../../renderer/useJson.ts'
import { embeddedProviders } from '../../../renderer/video-embeds.ts'
import type { Data } from './+data.ssr.ts'
import { PostEnd } from './PostEnd.tsx'
import { PostNotFound } from './PostNotFound.tsx'
import { PostTags } from '../PostTags.tsx'
import { ReadingTime } from './ReadingTime.tsx'
import { TableOfContents } from './TableOfContents.tsx'

export default function Page() {
  const pageContext = usePageContext()
  const slug = pageContext.routeParams.slug ?? ''
  const initial = (pageContext.data as Data | undefined)?.post
  const extras = (pageContext.data as Data | undefined)?.extras
  const state = useJson<PublicPost>(API_PATHS.publicPost(slug), initial)

  // SPEC §2: "On error or no data: Post Not Found" — a 200 without a post counts as no data.
  const post = state.status === 'ready' && isPost(state.data) ? state.data : undefined
  const title = post?.title
  useEffect(() => {
    if (title) document.title = documentTitle({ title, description: '' })
  }, [title])
  // A post that embeds a video plays it under its own page's policy, which lets it frame the
  // player (server/http/security-headers.ts); after a client-side navigation the document still
  // has the page before's. So such a post is loaded as a page of its own.
  const reload = !initial && post !== undefined && embeddedProviders(post.content).length > 0
  useEffect(() => {
    if (reload) window.location.reload()
  }, [reload])

  if (state.status === 'loading' || reload) return <PostSkeleton />
  if (!post) return <PostNotFound />
  return (
    <>
      <Article post={post} />
      {/* After the article, not in it: the other posts' links (they come with the page's own data only). */}
      {extras && post.slug === initial?.slug && <PostEnd extras={extras} />}
    </>
  )
}

function isPost(value: unknown): value is PublicPost {
  const post = value as Partial<PublicPost> | null
  return typeof post?.title === 'string' && typeof post.content === 'string' && typeof post.publishDate === 'string'
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

function PostSkeleton() {
  return (
    <div className="container article" aria-busy="true" aria-label="Loading post">
      <div className="skeleton skeleton--line skeleton--title" />
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--image article__image" />
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="skeleton skeleton--line" />
      ))}
    </div>
  )
}
