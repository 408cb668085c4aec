import matter from 'gray-matter'
import yaml from 'js-yaml'
import { parse as parseToml, TomlError } from 'smol-toml'
import { field, type Fields, isFields } from './json-fields.ts'

/**
 * A Markdown post's front matter read into the fields an import uses (pure), whichever of the
 * names Jekyll, Hugo and Astro (and their themes) give them. YAML (`---`) is read on the JSON
 * schema, so `2019-05-01` stays the text it looks like; JSON (`---json`) too; TOML (`+++`,
 * Hugo's other form, or `---toml`) with smol-toml, its dates given back as the text they were
 * written (`2019-03-10`, `2019-03-10T09:00:00+02:00`). gray-matter's JavaScript front matter
 * (`---js`), which it would run with eval, is refused.
 */

export interface FrontMatter {
  title: string
  slug: string
  /** The date as written (a string, or a number), for isoDate. */
  date: unknown
  /** `draft: true`, or Jekyll's `published: false`; undefined when neither is written. */
  draft: boolean | undefined
  summary: string
  image: string
  imageAlt: string
  /** Hugo's `aliases`, jekyll-redirect-from's `redirect_from`. */
  aliases: string[]
  /** Hugo's `url`, Jekyll's `permalink`: the post's whole old path, when set. */
  url: string
  /** Jekyll's categories, part of its default permalink. */
  categories: string[]
  /** Its `tags` and `categories` (Hugo, Jekyll, Astro and most others), tags first. */
  tags: string[]
  /** Keys written whose value could not be read (`date: [1, 2]`), for the report. */
  unreadable: string[]
}

export class FrontMatterError extends Error {}

const ENGINES = {
  yaml: (text: string) => yaml.load(text, { schema: yaml.JSON_SCHEMA }) as object,
  json: (text: string) => JSON.parse(text) as object,
  javascript: () => {
    throw new FrontMatterError('JavaScript front matter is never run')
  },
  toml: (text: string) => datesAsText(parseToml(text)) as object,
}

/** Hugo's TOML front matter: between `+++` lines, which gray-matter does not know as a delimiter. */
const TOML_FRONT_MATTER = /^\+\+\+\r?\n([\s\S]*?)\r?\n\+\+\+[ \t]*(?:\r?\n|$)/

/** The front matter's fields and the Markdown after it. @throws FrontMatterError saying why the file cannot be read. */
export function readFrontMatter(text: string): { data: Fields; content: string } {
  let file: { data: unknown; content: string }
  try {
    const toml = TOML_FRONT_MATTER.exec(text)
    if (toml) file = { data: ENGINES.toml(toml[1]!), content: text.slice(toml[0].length) }
    else if (/^\+\+\+\r?\n/.test(text)) throw new FrontMatterError('its TOML front matter has no closing +++ line')
    // Options are always passed: gray-matter caches by text only without them.
    else file = matter(text, { engines: ENGINES })
  } catch (error) {
    if (error instanceof FrontMatterError) throw error
    const reason =
      error instanceof yaml.YAMLException && error.mark ? `${error.reason}, line ${error.mark.line + 1}` : error instanceof TomlError ? `${firstLine(error)}, line ${error.line + 1}` : firstLine(error)
    throw new FrontMatterError(`its front matter cannot be read (${reason})`)
  }
  const data = file.data
  if (!isFields(data)) throw new FrontMatterError('its front matter is no set of key: value lines')
  return { data, content: file.content }
}

export function frontMatterFields(data: Fields): FrontMatter {
  const unreadable: string[] = []
  const text = (...names: string[]): string => {
    for (const name of names) {
      const value = field(data, name)
      if (typeof value === 'string' && value.trim() !== '') return value.trim()
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      if (value !== undefined && value !== null && typeof value !== 'string') unreadable.push(name)
    }
    return ''
  }
  const cover = field(data, 'cover')
  const coverFields = isFields(cover) ? cover : undefined
  const draft = booleanOf(field(data, 'draft'))
  const published = booleanOf(field(data, 'published'))
  return {
    title: text('title'),
    slug: text('slug'),
    date: ['date', 'pubDate', 'publishDate', 'published_at'].map((name) => field(data, name)).find((value) => value !== undefined && value !== null),
    draft: draft ?? (published === undefined ? undefined : !published),
    summary: text('description', 'summary', 'excerpt').replace(/\s+/g, ' '),
    image: (coverFields && stringOf(field(coverFields, 'image'))) || text('image', 'heroImage', 'featured_image', 'featuredImage', 'feature_image', 'cover', 'thumbnail'),
    imageAlt: (coverFields && stringOf(field(coverFields, 'alt'))) || text('image_alt', 'imageAlt', 'heroImageAlt', 'featured_image_alt', 'cover_alt'),
    aliases: [...listOf(field(data, 'aliases')), ...listOf(field(data, 'redirect_from'))],
    url: text('url', 'permalink'),
    categories: listOf(field(data, 'categories'), true),
    tags: [...tagListOf(field(data, 'tags')), ...tagListOf(field(data, 'categories'))],
    unreadable,
  }
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** YAML 1.1's and JSON's booleans, as Jekyll and Hugo read them; undefined for anything else. */
function booleanOf(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  if (typeof value !== 'string') return undefined
  const word = value.trim().toLowerCase()
  return word === 'true' || word === 'yes' ? true : word === 'false' || word === 'no' ? false : undefined
}

/** A list written as a YAML list, or as one string (`categories: jekyll update` splits on spaces, as Jekyll does). */
function listOf(value: unknown, splitSpaces = false): string[] {
  if (typeof value === 'string') return (splitSpaces ? value.split(/\s+/) : [value]).map((item) => item.trim()).filter(Boolean)
  if (!Array.isArray(value)) return []
  return value.filter((item): item is string | number => typeof item === 'string' || typeof item === 'number').map((item) => String(item).trim()).filter(Boolean)
}

/** Tags as a list, or as one string: split on commas when it has any, else on spaces (as Jekyll does). */
function tagListOf(value: unknown): string[] {
  if (typeof value === 'string' && value.includes(',')) return value.split(',').map((item) => item.trim()).filter(Boolean)
  return listOf(value, true)
}

/** TOML's dates (smol-toml's TomlDate, a Date) as the text written, which the rest reads as YAML's; the same in tables and lists. */
function datesAsText(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(datesAsText)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, datesAsText(item)]))
  return value
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!
}
