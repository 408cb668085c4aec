import type { ParsedUrlQuery } from 'node:querystring'
import { type PostListQuery, postListQuerySchema } from '../../core/contract/post-requests.ts'
import { parseInput } from '../lib/parse-input.ts'

/**
 * Reads the admin list's query string (`?q=&state=&tag=&sort=&page=&perPage=`) through the
 * contract's schema: each parameter at most once; others are ignored, as a body's unknown fields are.
 * @throws InvalidInputError naming the parameter and what it accepts.
 */
export function readPostListQuery(query: ParsedUrlQuery): PostListQuery {
  return parseInput(postListQuerySchema, query)
}
