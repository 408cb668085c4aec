import { describe, expect, it } from 'vitest'
import { type AdminLocation, formatAdminSearch, parseAdminSearch } from '../../pages/admin/blog/admin-url.ts'

const first: AdminLocation = { list: { search: '', state: 'all', page: 1 }, editor: null }

describe("the admin's address", () => {
  it('is bare for the first page of every post, with no editor', () => {
    expect(formatAdminSearch(first)).toBe('')
    expect(parseAdminSearch('')).toEqual(first)
  })

  it('holds the search, the filter, the page and the open editor, and reads them back', () => {
    const cases: [AdminLocation, string][] = [
      [{ list: { search: 'xtream codes', state: 'draft', page: 2 }, editor: null }, '?q=xtream+codes&state=draft&page=2'],
      [{ list: { search: '', state: 'all', page: 1 }, editor: { kind: 'edit', id: '5f2kq9x1' } }, '?edit=5f2kq9x1'],
      [{ list: { search: 'tips', state: 'all', page: 1 }, editor: { kind: 'new' } }, '?q=tips&new'],
      [{ list: { search: '', state: 'all', page: 1 }, editor: { kind: 'new' } }, '?new'],
    ]
    for (const [location, search] of cases) {
      expect(formatAdminSearch(location)).toBe(search)
      expect(parseAdminSearch(search)).toEqual(location)
    }
  })

  it('leaves what it cannot read at its default', () => {
    expect(parseAdminSearch('?state=everything&page=-3&edit=../x')).toEqual(first)
    expect(parseAdminSearch('?page=2.5&edit=ABC')).toEqual(first)
    expect(parseAdminSearch('?new=').editor).toEqual({ kind: 'new' })
  })
})

describe('the admin list\'s tag filter in the address', () => {
  it('is read when it is a slug, written back, and left out otherwise', () => {
    const at = parseAdminSearch('?tag=apple-tv&state=draft')
    expect(at.list).toEqual({ search: '', state: 'draft', tag: 'apple-tv', page: 1 })
    expect(formatAdminSearch(at)).toBe('?state=draft&tag=apple-tv')
    expect(parseAdminSearch('?tag=Apple%20TV').list).not.toHaveProperty('tag')
  })
})
