/**
 * A post page's stamp (server/services/pages/page-stamps.ts) holds what the page shows of the other
 * posts (core/post-extras.ts): it changes when a neighbour's or a related post's title, date
 * or place does, and not for what the page does not show of them.
 */
import { describe, expect, it } from 'vitest'
import { PostIndex } from '../../server/content/post-index.ts'
import type { Post } from '../../core/post.ts'
import { PageStamps } from '../../server/services/pages/page-stamps.ts'

function post(slug: string, publishDate: string, fields: Partial<Post> = {}): Post {
  return { id: `id-${slug}`, slug, title: `Title of ${slug}`, summary: 'Summary', publishDate, isPublished: true, featuredImageUrl: '', content: '<p>Text.</p>', ...fields }
}

describe("a post page's stamp", () => {
  it('changes with what it shows of other posts, and only with that', () => {
    const index = new PostIndex({ today: '2030-01-01' })
    const posts = [
      post('newest', '2026-01-09'),
      post('me', '2026-01-08', { tags: ['Rare'] }),
      post('older', '2026-01-07'),
      ...Array.from({ length: 10 }, (_, i) => post(`far-${i}`, `2025-12-${String(20 - i).padStart(2, '0')}`)),
      post('tagged-far', '2025-01-01', { tags: ['rare'] }),
    ]
    posts.forEach((item, i) => index.upsert(item, `v${i}`))
    const stamps = new PageStamps({ index, publicPages: [], renderId: 'r', builtOn: '2026-01-01' })
    const stampOfMe = () => stamps.expectedStamp('/blog/me')
    const edit = (item: Post, fields: Partial<Post>, version: string) => index.upsert({ ...item, ...fields }, version)

    let before = stampOfMe()
    edit(posts[2]!, { summary: 'Not shown on its neighbour' }, 'w1')
    expect(stampOfMe()).toBe(before)
    edit(posts[8]!, { title: 'A far post retitled' }, 'w2')
    expect(stampOfMe()).toBe(before)

    edit(posts[2]!, { title: 'The previous post retitled' }, 'w3')
    expect(stampOfMe()).not.toBe(before)
    before = stampOfMe()
    // The only other post of its tag, far in date: its related list shows it.
    edit(posts.at(-1)!, { title: 'Shares a tag' }, 'w4')
    expect(stampOfMe()).not.toBe(before)
    before = stampOfMe()
    edit(posts.at(-1)!, { publishDate: '2025-01-02' }, 'w5')
    expect(stampOfMe()).not.toBe(before)
    before = stampOfMe()
    // A new post far from it in date, with no tag of its own: nothing it shows changes.
    index.upsert(post('brand-new', '2024-01-01'), 'w6')
    expect(stampOfMe()).toBe(before)
    index.remove('newest')
    expect(stampOfMe()).not.toBe(before)
  })
})
