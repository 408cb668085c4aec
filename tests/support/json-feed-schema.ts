import { z } from 'zod'

/**
 * JSON Feed 1.1 (https://jsonfeed.org/version/1.1) as a schema: each field the specification
 * names, with its type and whether it is required; unknown fields are allowed only as
 * extensions (an underscore first), as the specification says. Strings that are URLs must be
 * absolute http(s) URLs.
 */
const url = z.string().refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'an absolute http(s) URL')
const date = z.string().refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value), 'an RFC 3339 date')
const author = z.object({ name: z.string().optional(), url: url.optional(), avatar: url.optional() }).catchall(z.unknown()).refine((value) => value.name || value.url || value.avatar, 'an author needs a name, url or avatar')
const extensions = (shape: z.ZodRawShape) =>
  z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((value, context) => {
      for (const key of Object.keys(value)) {
        if (!(key in shape) && !key.startsWith('_')) context.addIssue({ code: 'custom', message: `unknown field "${key}" (extensions start with _)`, path: [key] })
      }
    })

const item = extensions({
  id: z.string().min(1),
  url: url.optional(),
  external_url: url.optional(),
  title: z.string().optional(),
  content_html: z.string().optional(),
  content_text: z.string().optional(),
  summary: z.string().optional(),
  image: url.optional(),
  banner_image: url.optional(),
  date_published: date.optional(),
  date_modified: date.optional(),
  authors: z.array(author).optional(),
  tags: z.array(z.string()).optional(),
  language: z.string().optional(),
  attachments: z.array(z.object({ url, mime_type: z.string(), title: z.string().optional(), size_in_bytes: z.number().optional(), duration_in_seconds: z.number().optional() })).optional(),
}).refine((value) => value.content_html !== undefined || value.content_text !== undefined, 'an item needs content_html or content_text')

export const jsonFeedSchema = extensions({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string(),
  home_page_url: url.optional(),
  feed_url: url.optional(),
  description: z.string().optional(),
  user_comment: z.string().optional(),
  next_url: url.optional(),
  icon: url.optional(),
  favicon: url.optional(),
  authors: z.array(author).optional(),
  language: z.string().optional(),
  expired: z.boolean().optional(),
  hubs: z.array(z.object({ type: z.string(), url })).optional(),
  items: z.array(item),
})
