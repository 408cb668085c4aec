import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The tests' own content (tests/fixtures/content: a CONTENT_DIR with a blog/ folder), never the
 * site's content/, which editors change: tests count its posts and name them.
 */
export const FIXTURE_CONTENT_DIR = path.resolve(import.meta.dirname, '../fixtures/content')
export const FIXTURE_BLOG_DIR = path.join(FIXTURE_CONTENT_DIR, 'blog')

/** Every fixture post file, by name order: its file name and text. */
export function fixturePostFiles(): { name: string; text: string }[] {
  return readdirSync(FIXTURE_BLOG_DIR)
    .filter((name) => name.endsWith('.html'))
    .sort()
    .map((name) => ({ name, text: readFileSync(path.join(FIXTURE_BLOG_DIR, name), 'utf8') }))
}
