import { POST_STATES, type PostState } from '../../../core/contract/index.ts'
import type { ListView } from './use-post-list.ts'

/** Which editor is open, as the address says: `?new`, or `?edit=<id>`. */
export type EditorAt = { kind: 'new' } | { kind: 'edit'; id: string }

/** What `/admin/blog`'s address holds: the list's search, filter and page, and the open editor. */
export interface AdminLocation {
  list: ListView
  editor: EditorAt | null
}

const POST_ID = /^[a-z0-9]{1,32}$/
const TAG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * Reads the admin's address (pure): `?q=xtream&state=draft&tag=apple-tv&page=2`, with `&edit=<id>` or `&new`
 * when an editor is open. What it cannot read is left at its default (all posts, page 1, no editor).
 */
export function parseAdminSearch(search: string): AdminLocation {
  const params = new URLSearchParams(search)
  const state = params.get('state')
  const page = Number(params.get('page'))
  const id = params.get('edit')
  const tag = params.get('tag')
  return {
    list: {
      search: params.get('q') ?? '',
      state: state !== null && (POST_STATES as readonly string[]).includes(state) ? (state as PostState) : 'all',
      ...(tag !== null && TAG_SLUG.test(tag) ? { tag } : {}),
      page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    },
    editor: params.has('new') ? { kind: 'new' } : id !== null && POST_ID.test(id) ? { kind: 'edit', id } : null,
  }
}

/** The address's query for a location (pure): empty for the first page of every post, no editor. */
export function formatAdminSearch(location: AdminLocation): string {
  const params = new URLSearchParams()
  const { search, state, tag, page } = location.list
  if (search !== '') params.set('q', search)
  if (state !== 'all') params.set('state', state)
  if (tag) params.set('tag', tag)
  if (page > 1) params.set('page', String(page))
  if (location.editor?.kind === 'edit') params.set('edit', location.editor.id)
  // `?new`, not `?new=`: the address reads as what it opens.
  const query = [params.toString(), location.editor?.kind === 'new' ? 'new' : ''].filter(Boolean).join('&')
  return query === '' ? '' : `?${query}`
}
