/**
 * What a post page shows of the other posts (core/related-posts.ts, post-neighbours.ts,
 * post-extras.ts): related posts ranked by the tags shared then the newest, bounded per tag,
 * filled with the closest in date; previous and next; and which pages a change reaches.
 */
import { describe, expect, it } from 'vitest'
import type { PostSummary } from '../../core/post.ts'
import { postExtrasOf } from '../../core/post-extras.ts'
import { neighboursOf } from '../../core/post-neighbours.ts'
import { FILL_REACH, MAX_RELATED, postsWithRelatedChanged, relatedPosts, TAG_WINDOW } from '../../core/related-posts.ts'

/** A published list, newest first: `posts[0]` is dated latest. */
function listOf(...posts: [slug: string, tags?: string[]][]): PostSummary[] {
  return posts.map(([slug, tags], i) => ({
    id: slug,
    slug,
    title: `Title of ${slug}`,
    summary: '',
    featuredImageUrl: '',
    publishDate: new Date(Date.UTC(2026, 0, 28 - i)).toISOString().slice(0, 10),
    ...(tags ? { tags } : {}),
  }))
}
const slugs = (posts: PostSummary[]) => posts.map((post) => post.slug)

describe('related posts', () => {
  it('ranks by the tags shared, then the newest, and keeps at most three', () => {
    const list = listOf(
      ['one-tag-newest', ['tv']],
      ['no-tags'],
      ['two-tags', ['tv', 'Apple']],
      ['one-tag', ['apple']],
      ['three-tags', ['TV', 'apple', 'sport']],
      ['me', ['tv', 'apple', 'sport']],
      ['one-tag-oldest', ['sport']],
    )
    expect(slugs(relatedPosts(list, 'me'))).toEqual(['three-tags', 'two-tags', 'one-tag-newest'])
    expect(relatedPosts(list, 'me')).toHaveLength(MAX_RELATED)
  })

  it('breaks ties of the tags shared by date, the newest first, whatever tag found them', () => {
    const list = listOf(['b-newer', ['y']], ['a-older', ['x']], ['c', ['y']], ['me', ['x', 'y']])
    expect(slugs(relatedPosts(list, 'me'))).toEqual(['b-newer', 'a-older', 'c'])
  })

  it('spells tags any way their slug is the same, and never lists the post itself', () => {
    const list = listOf(['other', ['Apple TV']], ['me', ['apple-tv']])
    expect(slugs(relatedPosts(list, 'me'))).toEqual(['other'])
  })

  it('looks only at the newest TAG_WINDOW posts of each tag', () => {
    const newer = Array.from({ length: TAG_WINDOW }, (_, i): [string, string[]] => [`news-${i}`, ['news']])
    const list = listOf(...newer, ['old-twin', ['news', 'rare']], ['me', ['news', 'rare']])
    // old-twin shares two tags but is 31st of "news": still found through "rare", its other tag.
    expect(slugs(relatedPosts(list, 'me'))).toEqual(['old-twin', 'news-0', 'news-1'])
    const crowded = listOf(...newer, ['old-one', ['news']], ['me', ['news']])
    expect(slugs(relatedPosts(crowded, 'me'))).toEqual(['news-0', 'news-1', 'news-2'])
  })

  it('fills up with the posts closest in date, past the previous and next ones', () => {
    const list = listOf(['n3'], ['n2'], ['n1'], ['me'], ['o1'], ['o2'], ['o3'])
    expect(slugs(relatedPosts(list, 'me'))).toEqual(['o2', 'n2', 'o3'])
    const tagged = listOf(['n2'], ['n1'], ['me', ['x']], ['o1', ['x']], ['o2'], ['o3', ['x']])
    // o1 shares a tag (listed though it is the previous post too); then the closest, not twice.
    expect(slugs(relatedPosts(tagged, 'me'))).toEqual(['o1', 'o3', 'o2'])
    expect(slugs(relatedPosts(listOf(['a'], ['me'], ['b']), 'me'))).toEqual([])
  })

  it('fills from no further than FILL_REACH places away', () => {
    const far = Array.from({ length: FILL_REACH }, (_, i): [string] => [`o${i + 1}`])
    const list = listOf(['me'], ...far, ['beyond'])
    expect(slugs(relatedPosts(list, 'me'))).toEqual(['o2', 'o3', 'o4'].slice(0, FILL_REACH - 1))
    expect(relatedPosts(list, 'unknown')).toEqual([])
  })
})

describe('previous and next', () => {
  it('are the older and the newer neighbours in the published list', () => {
    const list = listOf(['newest'], ['middle'], ['oldest'])
    expect(slugs(Object.values(neighboursOf(list, 'middle')) as PostSummary[])).toEqual(['newest', 'oldest'])
    expect(neighboursOf(list, 'newest').newer).toBeNull()
    expect(neighboursOf(list, 'oldest').older).toBeNull()
    expect(postExtrasOf(list, 'middle')).toEqual({
      newer: { slug: 'newest', title: 'Title of newest', publishDate: '2026-01-28' },
      older: { slug: 'oldest', title: 'Title of oldest', publishDate: '2026-01-26' },
      related: [],
    })
    expect(postExtrasOf(list, 'draft')).toBeNull()
  })
})

describe('the pages a change reaches', () => {
  const reachedIsExact = (before: PostSummary[], after: PostSummary[], changed: string[]) => {
    const reached = postsWithRelatedChanged(before, after, changed)
    for (const post of after) {
      if (changed.includes(post.slug)) continue
      const differs = JSON.stringify(postExtrasOf(before, post.slug)) !== JSON.stringify(postExtrasOf(after, post.slug))
      if (differs) expect(reached, `${post.slug} changed but was not reached`).toContain(post.slug)
    }
    return reached
  }

  it('reaches every page whose extras changed when a post is retitled, retagged, moved or removed', () => {
    const tags = ['a', 'b', 'c', 'd']
    const base = listOf(...Array.from({ length: 80 }, (_, i): [string, string[]] => [`p${i}`, i % 3 === 0 ? [] : [tags[i % 4]!, tags[(i * 7) % 4]!]]))
    const retitled = base.map((post) => (post.slug === 'p40' ? { ...post, title: 'New' } : post))
    reachedIsExact(base, retitled, ['p40'])
    const retagged = base.map((post) => (post.slug === 'p5' ? { ...post, tags: ['d', 'e'] } : post))
    reachedIsExact(base, retagged, ['p5'])
    const removed = base.filter((post) => post.slug !== 'p2')
    reachedIsExact(base, removed, ['p2'])
    const moved = [{ ...base[50]!, publishDate: '2026-02-01' }, ...base.filter((post) => post.slug !== 'p50')]
    const reached = reachedIsExact(base, moved, ['p50'])
    expect(reached).toContain('p0') // its new next post
    expect(reached).toContain('p49') // its old one
  })

  it('stays near the change for a post of a crowded tag that is not among its newest', () => {
    const list = listOf(...Array.from({ length: 200 }, (_, i): [string, string[]] => [`p${i}`, ['news']]))
    const retitled = list.map((post) => (post.slug === 'p150' ? { ...post, title: 'New' } : post))
    const reached = reachedIsExact(list, retitled, ['p150'])
    expect([...reached].sort()).toEqual(['p146', 'p147', 'p148', 'p149', 'p150', 'p151', 'p152', 'p153', 'p154'].sort())
    // A new newest post of the tag is among everyone's newest: every post of the tag is looked at.
    const added = [{ ...list[0]!, slug: 'fresh', id: 'fresh', publishDate: '2026-02-01' }, ...list]
    expect(reachedIsExact(list, added, ['fresh']).size).toBe(201)
  })
})
