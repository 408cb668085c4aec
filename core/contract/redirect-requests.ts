/** What the redirects' calls take: a redirect to add, the one to remove. */
import { z } from 'zod'
import { sitePathProblem } from '../redirect-paths.ts'
import { requestBody } from './request-parts.ts'

/** A path of this site a redirect may name (core/redirect-paths.ts), trimmed. */
function sitePath(field: 'from' | 'to') {
  return z
    .string(`${field} is required`)
    .transform((path) => path.trim())
    .superRefine((path, ctx) => {
      const problem = path === '' ? 'is required' : sitePathProblem(path)
      if (problem) ctx.addIssue({ code: 'custom', message: `${field} ${problem}`, abort: true })
    })
}

/** `POST /api/admin/redirects`: a request for `from` answers 301 to `to`. */
export const redirectAddBodySchema = requestBody({ from: sitePath('from'), to: sitePath('to') })
export type RedirectAddBody = z.infer<typeof redirectAddBodySchema>

/** `DELETE /api/admin/redirects?from=/path`: the redirect whose `from` this is (as matched: a trailing slash aside). */
export const redirectRemoveQuerySchema = z.object({
  from: z.string('from (the redirected path) is required').min(1, 'from (the redirected path) is required'),
}, { error: 'The query must be name=value parameters' })
export type RedirectRemoveQuery = z.infer<typeof redirectRemoveQuerySchema>
