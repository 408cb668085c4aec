/** What the sync's calls take: which side of a conflicted file an admin keeps. */
import { z } from 'zod'
import { requestBody } from './request-parts.ts'
import type { Keep } from './sync-wire.ts'

/** A post's slug as the status lists it; the server checks it names a post's file. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/

/**
 * `POST /api/admin/sync/resolve`: `{ slug, keep }` for a post, or `{ path, keep }` for any other
 * file (repository-relative); a slug that is none falls back to the path. Which file is asked
 * first, then the side: `mine` keeps the site's version, `theirs` the remote's.
 */
export const resolveRequestSchema = requestBody({
  slug: z.string().regex(SLUG).optional().catch(undefined),
  path: z.string().min(1).optional().catch(undefined),
  keep: z.unknown().optional(),
})
  .refine((body) => body.slug !== undefined || body.path !== undefined, { message: 'slug (a post) or path (a file) is required', path: ['slug'] })
  .pipe(
    z.object({
      slug: z.string().optional(),
      path: z.string().optional(),
      keep: z.enum(['mine', 'theirs'] as const satisfies readonly Keep[], 'keep must be "mine" or "theirs"'),
    }),
  )
  .transform(({ slug, path, keep }) => (slug !== undefined ? { slug, keep } : { path: path!, keep }))
export type ResolveRequest = z.infer<typeof resolveRequestSchema>
