import type { ParsedUrlQuery } from 'node:querystring'
import { InvalidInputError } from '../lib/errors.ts'
import { MAX_PER_PAGE, POST_SORTS, POST_STATES, type PostListQuery, type PostSort, type PostState } from '../../core/contract/index.ts'

/** A search longer than this is refused: no title is that long, and matching it costs. */
export const MAX_SEARCH_LENGTH = 200
export { MAX_PER_PAGE }
/** Far past any real list (10,000 posts are 500 pages of 20); keeps the number an exact integer. */
export const MAX_PAGE = 1_000_000
/** A tag's slug, as core/tags.ts makes it. */
const TAG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * Reads the admin list's query string (`?q=&state=&tag=&sort=&page=&perPage=`). Pure. Each parameter
 * at most once; others are ignored, as a body's unknown fields are.
 * @throws InvalidInputError naming the parameter and what it accepts.
 */
export function readPostListQuery(query: ParsedUrlQuery): PostListQuery {
  const read: PostListQuery = {}
  for (const name of ['q', 'state', 'tag', 'sort', 'page', 'perPage']) {
    if (Array.isArray(query[name])) throw new InvalidInputError(`${name} may be given once`, name)
  }
  const { q, state, tag, sort, page, perPage } = query as Record<string, string | undefined>
  if (q !== undefined) {
    if (q.length > MAX_SEARCH_LENGTH) throw new InvalidInputError(`q is too long (at most ${MAX_SEARCH_LENGTH} characters)`, 'q')
    if (q.trim() !== '') read.q = q.trim()
  }
  if (state !== undefined && state !== '' && state !== 'all') {
    if (!(POST_STATES as readonly string[]).includes(state)) throw new InvalidInputError(`state must be one of all, ${POST_STATES.join(', ')}`, 'state')
    read.state = state as PostState
  }
  if (tag !== undefined && tag !== '') {
    if (!TAG_SLUG.test(tag)) throw new InvalidInputError('tag must be a tag\'s slug (lowercase letters and digits joined by hyphens)', 'tag')
    read.tag = tag
  }
  if (sort !== undefined && sort !== '') {
    if (!(POST_SORTS as readonly string[]).includes(sort)) throw new InvalidInputError(`sort must be one of ${POST_SORTS.join(', ')}`, 'sort')
    read.sort = sort as PostSort
  }
  if (page !== undefined) read.page = positiveInteger('page', page, MAX_PAGE)
  if (perPage !== undefined) read.perPage = positiveInteger('perPage', perPage, MAX_PER_PAGE)
  return read
}

/** A query parameter that must be a whole number from 1 to `max`. */
export function positiveInteger(name: string, text: string, max: number): number {
  const value = /^[1-9][0-9]{0,6}$/.test(text) ? Number(text) : NaN
  if (!(value <= max)) throw new InvalidInputError(`${name} must be a whole number from 1 to ${max}`, name)
  return value
}
