import matter from 'gray-matter'
import yaml from 'js-yaml'
import { createHash } from 'node:crypto'
import { PostFileError } from '../errors.ts'
import type { Post } from './post.ts'
import {
  checkFeaturedImageUrl,
  checkId,
  checkIsPublished,
  checkPublishDate,
  checkSlug,
  checkSummary,
  checkTitle,
} from './post-rules.ts'

/**
 * Always pass an options object: gray-matter caches every input it parses without one,
 * which grows without bound. YAML on the JSON schema keeps dates as `YYYY-MM-DD` strings.
 */
const MATTER_OPTIONS = {
  engines: { yaml: (source: string) => yaml.load(source, { schema: yaml.JSON_SCHEMA }) as object },
}

/**
 * Reads one post file. Pure: the caller supplies the text and the file name
 * (`<slug>.html`). The content is returned as written; sanitizing is the caller's step.
 * @throws PostFileError naming the file and the field that is wrong.
 */
export function parsePostFile(rawText: string, fileName: string): Post {
  // A file saved on Windows reads the same as one saved anywhere else; the next save writes LF.
  const text = rawText.replace(/\r\n?/g, '\n')
  if (!text.startsWith('---\n')) {
    throw new PostFileError(fileName, 'front matter', 'is missing (the file must start with ---)')
  }
  let parsed: matter.GrayMatterFile<string>
  try {
    parsed = matter(text, MATTER_OPTIONS)
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new PostFileError(fileName, 'front matter', `is not valid YAML (${reason})`)
  }
  const data: unknown = parsed.data
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new PostFileError(fileName, 'front matter', 'must be a set of key: value lines')
  }
  const fields = data as Record<string, unknown>
  const fileSlug = fileName.replace(/\.html$/, '')

  const field = <T>(name: string, check: (value: unknown) => string | null, fallback?: T): T => {
    const value = Object.hasOwn(fields, name) ? fields[name] : fallback
    if (value === undefined) throw new PostFileError(fileName, name, 'is missing')
    const problem = check(value)
    if (problem) throw new PostFileError(fileName, name, problem)
    return value as T
  }

  const slug = field<string>('slug', checkSlug)
  if (slug !== fileSlug) throw new PostFileError(fileName, 'slug', `must equal the file name (${fileSlug})`)

  return {
    id: field<string>('id', checkId, deriveId(slug)),
    title: field<string>('title', checkTitle),
    slug,
    summary: field<string>('summary', checkSummary),
    publishDate: field<string>('publishDate', checkPublishDate),
    isPublished: field<boolean>('isPublished', checkIsPublished),
    featuredImageUrl: field<string>('featuredImageUrl', checkFeaturedImageUrl, ''),
    content: stripFinalNewline(parsed.content),
  }
}

/**
 * A file written by hand (through a pull request) may lack an id. Derive one from its
 * slug so it is stable across restarts; the next save writes it into the file.
 */
export function deriveId(slug: string): string {
  return createHash('sha256').update(`post:${slug}`).digest('hex').slice(0, 12)
}

function stripFinalNewline(content: string): string {
  return content.endsWith('\n') ? content.slice(0, -1) : content
}
