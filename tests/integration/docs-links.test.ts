import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The README is the front door and docs/ the manual: a clone has nothing else, so every link must
// land on a file and heading of this repository, and the front door must stay short.
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const README_MAX_LINES = 300

const pages = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)]

/** The text outside fenced code blocks and inline code, where a `[x](y)` is a link. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '')
    .replace(/`[^`\n]*`/g, '')
}

function headingsOf(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!.trim())
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces made hyphens. */
function anchorOf(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-')
}

function linksOf(markdown: string): string[] {
  return [...proseOf(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!)
}

function read(page: string): string {
  return readFileSync(path.join(ROOT, page), 'utf8')
}

describe('README.md and docs/', () => {
  it(`keeps the README to ${README_MAX_LINES} lines at most`, () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES)
  })

  it('has a manual in docs/ that the README links to, page by page', () => {
    const docs = pages.filter((page) => page.startsWith('docs/'))
    expect(docs.length).toBeGreaterThan(0)
    const readmeTargets = new Set(linksOf(read('README.md')).map((link) => link.split('#')[0]))
    expect(docs.filter((page) => !readmeTargets.has(page))).toEqual([])
  })

  it.each(pages)('%s links only to files and headings of this repository', (page) => {
    const broken: string[] = []
    for (const link of linksOf(read(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) {
        broken.push(`${link}: outside the repository`)
        continue
      }
      const [file = '', anchor] = link.split('#')
      const target = file === '' ? path.join(ROOT, page) : path.resolve(path.dirname(path.join(ROOT, page)), decodeURIComponent(file))
      if (path.relative(ROOT, target).startsWith('..')) broken.push(`${link}: outside the repository`)
      else if (!existsSync(target)) broken.push(`${link}: no such file`)
      else if (anchor !== undefined && (!target.endsWith('.md') || !headingsOf(readFileSync(target, 'utf8')).map(anchorOf).includes(anchor))) {
        broken.push(`${link}: no such heading`)
      }
    }
    expect(broken).toEqual([])
  })

  it.each(pages.filter((page) => page.startsWith('docs/')))('%s opens with a table of contents of its sections', (page) => {
    const markdown = read(page)
    const firstSection = markdown.search(/^## /m)
    expect(firstSection).toBeGreaterThan(0)
    const contents = new Set(linksOf(markdown.slice(0, firstSection)))
    const sections = [...proseOf(markdown).matchAll(/^## (.+)$/gm)].map((match) => `#${anchorOf(match[1]!.trim())}`)
    expect(sections.filter((anchor) => !contents.has(anchor))).toEqual([])
  })
})
