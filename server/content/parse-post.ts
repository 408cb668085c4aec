import yaml from 'js-yaml'
import { createHash } from 'node:crypto'
import { PostFileError, SlugMismatchError } from '../lib/errors.ts'
import type { Post } from '../../core/post.ts'
import { readTags } from '../../core/tags.ts'
import {
  checkFeaturedImageAlt,
  checkFeaturedImageUrl,
  checkId,
  checkIsPublished,
  checkPostAuthor,
  checkPublishDate,
  checkSlug,
  checkSummary,
  checkTitle,
} from './post-rules.ts'

/**
 * A number in the front matter, kept as the text it was written as: `id: 305` means the id
 * "305", and `title: 1.0` the title "1.0", which converting the number back would lose.
 */
class NumberText {
  readonly text: string

  constructor(text: string) {
    this.text = text
  }
}

/** js-yaml's own scalar types: exported at runtime, though @types/js-yaml does not declare them. */
const { types } = yaml as typeof yaml & { types: Record<'int' | 'float', yaml.Type> }

/** Reads what `type` reads (the same plain scalars), but as a NumberText. */
const numberAsText = (tag: string, type: yaml.Type) =>
  new yaml.Type(tag, { kind: 'scalar', resolve: (text: string) => type.resolve(text), construct: (text: string) => new NumberText(text) })

/**
 * YAML on the JSON schema (so `2025-10-01` stays the string it looks like, never a Date), except
 * that numbers keep their text (a type of the same tag replaces the schema's own).
 */
export const FRONT_MATTER_SCHEMA = yaml.JSON_SCHEMA.extend({
  implicit: [numberAsText('tag:yaml.org,2002:int', types.int), numberAsText('tag:yaml.org,2002:float', types.float)],
})

/** Opening and closing front matter delimiters, as gray-matter's defaults. */
const OPEN = '---'
const CLOSE = '\n---'

/**
 * What gray-matter 4.0.3 (`matter(text, options)` with the YAML engine above) gives for a text
 * that starts with `---\n`, step for step (its parseMatter: the block up to the first `\n---`,
 * empty when only comments and blanks, the content after it less one `\r` and one `\n`), without
 * its per-call work: it looks its cache up by the whole text even when options turn the cache
 * off (hashing every file: 225 ms of a first start at 10,000 posts, `node --cpu-prof` of
 * `npm run bench:start`), copies the text into a Buffer and builds its options again.
 * tests/unit/front-matter.test.ts checks it against gray-matter itself.
 */
export function readFrontMatter(text: string): { data: unknown; content: string } {
  if (!text.startsWith(`${OPEN}\n`)) throw new Error('readFrontMatter: the text must start with ---\n')
  const rest = text.slice(OPEN.length)
  let closeAt = rest.indexOf(CLOSE)
  if (closeAt === -1) closeAt = rest.length
  const block = rest.slice(0, closeAt)
  const data: unknown = block.replace(/^\s*#[^\n]+/gm, '').trim() === '' ? {} : yaml.load(block, { schema: FRONT_MATTER_SCHEMA })
  let content = closeAt === rest.length ? '' : rest.slice(closeAt + CLOSE.length)
  if (content[0] === '\r') content = content.slice(1)
  if (content[0] === '\n') content = content.slice(1)
  return { data, content }
}

/**
 * `isPublished` written as text that can only mean a boolean: `"true"`/`"false"` in quotes, and
 * `yes`/`no`, the booleans of YAML 1.1 (still what Jekyll and PyYAML read). Anything else
 * (`1`, `on`, `published`) stays an error: a wrong guess would publish a draft.
 */
const BOOLEAN_WORDS = new Map([['true', true], ['false', false], ['yes', true], ['no', false]])

/**
 * Reads one post file. Pure: the caller supplies the text and the file name (`<slug>.html`).
 * Forgiving where a hand-written file's meaning is clear: a number where text is expected is
 * that text, values are trimmed, `isPublished` may be a boolean word (above), an empty value
 * counts as a missing one. The post comes back in canonical form (the next save writes it so;
 * reading never rewrites a file). The content is returned as written; sanitizing is the caller's step.
 * @throws PostFileError naming the file and the field that is wrong.
 */
export function parsePostFile(rawText: string, fileName: string): Post {
  // A file saved on Windows reads the same as one saved anywhere else; the next save writes LF.
  const text = rawText.replace(/\r\n?/g, '\n')
  if (!text.startsWith('---\n')) {
    throw new PostFileError(fileName, 'front matter', 'is missing (the file must start with ---)')
  }
  let parsed: { data: unknown; content: string }
  try {
    parsed = readFrontMatter(text)
  } catch (error) {
    throw new PostFileError(fileName, 'front matter', `is not valid YAML (${yamlProblem(error)})`)
  }
  const data: unknown = parsed.data
  // A mapping, not a list, a lone value or a number (which the schema makes an object).
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) {
    throw new PostFileError(fileName, 'front matter', 'must be a set of key: value lines')
  }
  const fields = data as Record<string, unknown>
  const fileSlug = fileName.replace(/\.html$/, '')

  const field = <T>(name: string, check: (value: unknown) => string | null, fallback?: T, read = readable): T => {
    const written = Object.hasOwn(fields, name) ? fields[name] : undefined
    // `title:` with nothing after it is null in YAML: the same as leaving the line out.
    const value = written === undefined || written === null ? fallback : read(written)
    if (value === undefined) throw new PostFileError(fileName, name, written === null ? 'is empty' : 'is missing')
    const problem = check(value)
    if (problem) throw new PostFileError(fileName, name, problem)
    return value as T
  }

  const slug = field<string>('slug', checkSlug)
  if (slug !== fileSlug) throw new SlugMismatchError(fileName, slug)

  const featuredImageAlt = field<string>('featuredImageAlt', checkFeaturedImageAlt, '')
  const author = field<string>('author', (value) => (value === '' ? null : checkPostAuthor(value)), '')
  const inReview = field<boolean>('inReview', checkIsPublished, false, readBoolean)
  const tags = readFileTags(fileName, fields.tags)
  return {
    id: field<string>('id', checkId, deriveId(slug)),
    title: field<string>('title', checkTitle),
    slug,
    summary: field<string>('summary', checkSummary),
    publishDate: field<string>('publishDate', checkPublishDate),
    isPublished: field<boolean>('isPublished', checkIsPublished, undefined, readBoolean),
    featuredImageUrl: field<string>('featuredImageUrl', checkFeaturedImageUrl, ''),
    // Optional: a file without it (or with it empty) has none, and is written back without it.
    ...(featuredImageAlt ? { featuredImageAlt } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    // Optional too, and written back only when set: the owner, and a draft waiting for an editor.
    ...(author ? { author } : {}),
    ...(inReview ? { inReview: true as const } : {}),
    content: stripFinalNewline(parsed.content),
  }
}

/**
 * js-yaml's reason and the file's line: the front matter it reads starts with the newline after
 * the opening `---`, so its line numbers are the file's.
 */
function yamlProblem(error: unknown): string {
  if (error instanceof yaml.YAMLException && error.mark) return `${error.reason}, line ${error.mark.line + 1}`
  return error instanceof Error ? error.message.split('\n')[0]! : String(error)
}

/** A value as the checks should see it: text trimmed, a number as the text it was written as. */
function readable(value: unknown): unknown {
  if (value instanceof NumberText) return value.text
  return typeof value === 'string' ? value.trim() : value
}

/** `tags:` as a list (numbers in it are their text) or one comma-separated text; none when absent or empty. */
function readFileTags(fileName: string, written: unknown): string[] {
  const value = Array.isArray(written) ? written.map(readable) : readable(written)
  const read = readTags(value)
  if ('problem' in read) throw new PostFileError(fileName, 'tags', read.problem)
  return read.tags
}

function readBoolean(value: unknown): unknown {
  const text = readable(value)
  return typeof text === 'string' ? (BOOLEAN_WORDS.get(text.toLowerCase()) ?? text) : text
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
