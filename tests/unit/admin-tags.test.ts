import { describe, expect, it } from 'vitest'
import { ConflictError } from '../../server/lib/errors.ts'
import { AdminTags, renamedTags, tagsInUse } from '../../server/services/tags/admin-tags.ts'

describe('renamedTags', () => {
  it('puts the new name in the old one\'s place', () => {
    expect(renamedTags(['Apple TV', 'Setup'], 'apple-tv', 'tvOS')).toEqual(['tvOS', 'Setup'])
  })

  it('keeps a tag once when the post had both (a merge), where the first was', () => {
    expect(renamedTags(['Setup', 'Apple TV', 'tvOS'], 'apple-tv', 'TVOS')).toEqual(['Setup', 'TVOS'])
    expect(renamedTags(['tvOS', 'Apple TV'], 'apple-tv', 'tvOS')).toEqual(['tvOS'])
  })

  it('changes only the spelling when the slug stays', () => {
    expect(renamedTags(['apple tv', 'Setup'], 'apple-tv', 'Apple TV')).toEqual(['Apple TV', 'Setup'])
  })
})

describe('tagsInUse', () => {
  it('counts each slug once per post, names it as its newest post does, and sorts by name', () => {
    const posts = [
      { publishDate: '2025-01-01', tags: ['apple tv', 'Zebra'] },
      { publishDate: '2025-03-01', tags: ['Apple TV'] },
      { publishDate: '2025-02-01', tags: ['APPLE TV', 'beta'] },
      { publishDate: '2025-04-01' },
    ]
    expect(tagsInUse(posts)).toEqual([
      { name: 'Apple TV', slug: 'apple-tv', count: 3 },
      { name: 'beta', slug: 'beta', count: 1 },
      { name: 'Zebra', slug: 'zebra', count: 1 },
    ])
  })
})

describe('AdminTags.rename with PUBLISH_MODE=review', () => {
  it('is refused with a conflict that says why, before anything is read or written', () => {
    const tags = new AdminTags({ content: {} as never, repository: {} as never, paths: {} as never, reviewMode: true })
    expect(() => tags.rename({ from: 'a', to: 'b' }, { name: 'x', email: 'x@example.com' })).toThrow(ConflictError)
    expect(() => tags.rename({ from: 'a', to: 'b' }, { name: 'x', email: 'x@example.com' })).toThrow(/PUBLISH_MODE=review/)
  })
})
