/** What the tags' calls take: a rename across every post. */
import { z } from 'zod'
import { MAX_TAG_LENGTH, readTags, tagSlug } from '../tags.ts'
import { requestBody } from './request-parts.ts'

/**
 * `POST /api/admin/tags/rename`: `from` a tag's name or slug (as sent: the server matches it by
 * slug), `to` its new name, read as a post's tags are read (trimmed, inner spaces single).
 */
export const tagRenameBodySchema = requestBody({
  from: z
    .string('from must name a tag')
    .refine((from) => from.length <= MAX_TAG_LENGTH && tagSlug(from) !== '', { message: 'from must name a tag', abort: true }),
  to: z.unknown().transform((to, ctx) => {
    const read = readTags(typeof to === 'string' ? [to] : to)
    if ('problem' in read) ctx.addIssue({ code: 'custom', message: `to ${read.problem.replace(/^must each/, 'must')}` })
    else if (read.tags.length !== 1) ctx.addIssue({ code: 'custom', message: 'to must be one tag name' })
    else return read.tags[0]!
    return z.NEVER
  }),
})
export type TagRenameBody = z.infer<typeof tagRenameBodySchema>
