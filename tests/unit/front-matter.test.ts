/**
 * readFrontMatter (server/content/parse-post.ts) gives what gray-matter gives with the same YAML
 * engine, for every kind of text a post file may hold that starts with `---\n`: it replaced
 * gray-matter on the start's path only for speed.
 */
import matter from 'gray-matter'
import yaml from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { FRONT_MATTER_SCHEMA, readFrontMatter } from '../../server/content/parse-post.ts'

/** gray-matter as parse-post.ts called it (an options object, its YAML engine). */
function grayMatter(text: string): { data: unknown; content: string } {
  const file = matter(text, { engines: { yaml: (source: string) => yaml.load(source, { schema: FRONT_MATTER_SCHEMA }) as object } })
  return { data: file.data, content: file.content }
}

/** What reading gave, or the error it threw, comparable with toEqual. */
function outcome(read: (text: string) => { data: unknown; content: string }, text: string): unknown {
  try {
    return read(text)
  } catch (error) {
    return { threw: error instanceof yaml.YAMLException ? `YAMLException: ${error.message}` : String(error) }
  }
}

const TEXTS = [
  '---\ntitle: A\nslug: a\n---\n<p>x</p>\n',
  '---\ntitle: A\n---\n',
  '---\ntitle: A\n---',
  '---\ntitle: A\n---\n\n<p>two newlines</p>',
  '---\ntitle: A\n---\r\n<p>carriage return kept by normalizing earlier, but read here</p>',
  '---\ntitle: A\n----\n<p>four dashes close it too</p>',
  '---\ntitle: A\n---more on the line\n<p>x</p>',
  '---\ntitle: A\n<p>never closed</p>\n',
  '---\n---\n<p>empty block</p>\n',
  '---\n# only a comment\n   \n---\n<p>comments only</p>\n',
  '---\n  # indented comment\ntitle: B\n---\n<p>x</p>\n',
  '---\ntitle: "quoted --- inside"\nsummary: |\n  line\n  ---not a close\n---\n<p>x</p>\n',
  '---\n- a list\n- of things\n---\nbody',
  '---\n42\n---\nbody',
  '---\ntitle: A\n---\n---\n<p>a second delimiter in the content</p>\n',
  '---\n\n\ntitle: blank lines first\n---\n<p>x</p>',
]

describe('readFrontMatter', () => {
  it.each(TEXTS)('reads %j as gray-matter does', (text) => {
    expect(outcome(readFrontMatter, text)).toEqual(outcome(grayMatter, text))
  })

  it('throws what js-yaml throws for a broken block, as gray-matter does', () => {
    const text = '---\ntitle: [unclosed\n---\n<p>x</p>\n'
    expect(() => grayMatter(text)).toThrow(yaml.YAMLException)
    expect(() => readFrontMatter(text)).toThrow(yaml.YAMLException)
  })
})
