/**
 * Moving the pages' copy into content/site/ changed nothing a visitor gets: every page that is
 * not a post, rendered by vike from site files written from the built-in copy (read as a running
 * site reads them), is the page the code rendered before the move (tests/fixtures/site-pages/
 * before.json, captured from that code with the same fixture posts, and since given the blog's
 * JSON Feed link): the same <head> (but for the hashed names of the build's assets, which any
 * style change renames), and the same body but for
 * React's empty text separators (`<!-- -->`, which mark where one JSX text
 * piece ended and the next began: a sentence that was two pieces in code is one value in a file).
 * Pages whose <main> is no copy (the blog's list, referral, a redirect page) are held to their nav
 * bar and footer. Every not-found line is there. And the pages come from the files: a changed
 * price shows.
 *
 * Since the public pages became HTML with islands (renderer/Island.tsx), an island's part is
 * wrapped in an element of its own and the stylesheets may come in another order: neither is
 * copy, so both are set aside here (the wrapper removed, its content kept; the links sorted).
 */
import { spawnSync } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_BLOG_DIR, writeSiteFiles } from '../support/fixtures.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
type Parts = { head?: string; root?: string; main: string }

let contentDir: string

function renderPages(): Record<string, string> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/vike-site-pages.ts'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', CONTENT_DIR: contentDir, SITE_URL: 'https://pages.example' },
    maxBuffer: 1 << 26,
  })
  if (result.status !== 0) throw new Error(`rendering the pages failed:\n${result.stderr}`)
  return JSON.parse(result.stdout) as Record<string, string>
}

function part(html: string, pattern: RegExp): string {
  const match = html.match(pattern)
  if (!match) throw new Error(`no ${pattern} in the page`)
  return match[0]
}

const withoutSeparators = (html: string) => html.replaceAll('<!-- -->', '')
/** The places (a few words around each) where `before` has React's text separators and `now` has none; any other difference in their number, counted. */
const SEPARATED = [/answered on the<!-- --> <a href="\/pricing">/g, /© 2025 <!-- -->Watchio<!-- -->\. All rights reserved\./g]
const separators = (html: string) => html.split('<!-- -->').length - 1
const separatorsGone = (before: string, now: string): string[] => {
  const found: string[] = []
  let rest = before
  for (const pattern of SEPARATED) {
    for (const match of rest.matchAll(pattern)) if (!now.includes(match[0])) found.push(match[0])
    rest = rest.replace(pattern, '')
  }
  if (separators(rest) !== separators(now)) found.push(`${separators(rest) - separators(now)} more`)
  return found
}
/** The build's hashed asset names (`/assets/static/x.D7QE01zc.css`) change with any style or script: not copy. */
const withoutAssetHashes = (html: string) => html.replace(/(\/assets\/[^"]+)\.[\w-]{8}\.(css|js)"/g, '$1.*.$2"')
/** The stylesheet links sorted: their order follows the build's chunks, not the copy. */
const withSortedStylesheets = (head: string) => {
  const links = head.match(/<link rel="stylesheet"[^>]*>/g) ?? []
  return links.slice().sort().join('') + head.replace(/<link rel="stylesheet"[^>]*>/g, '')
}
/** The page without its islands' wrappers (`<div data-island="…">`), their content kept. */
function withoutIslandWrappers(html: string): string {
  const opening = /<div data-island="[^"]*"(?: data-island-props="[^"]*")?>/
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    // Its closing tag: the `</div>` that brings the count of open divs after it back to none.
    const tags = /<div[\s>]|<\/div>/g
    tags.lastIndex = match.index + match[0].length
    let depth = 1
    let close = -1
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[0] === '</div>' ? -1 : 1
      if (depth === 0) {
        close = tag.index
        break
      }
    }
    if (close < 0) throw new Error(`no end to ${match[0]}`)
    html = html.slice(0, match.index) + html.slice(match.index + match[0].length, close) + html.slice(close + '</div>'.length)
  }
  return html
}
/** Pages whose <main> is no copy of content/site/ (the blog's, the referral page, a redirect page): their nav bar and footer. */
const CHROME_ONLY = new Set(['/blog', '/referral', '/feedback'])
const chromeOf = (root: string) => [part(root, /<header class="nav">[\s\S]*?<\/header>/), part(root, /<footer class="footer">[\s\S]*<\/footer>/)].join('\n')

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(tmpdir(), 'watchio-site-pages-'))
  await cp(FIXTURE_BLOG_DIR, path.join(contentDir, 'blog'), { recursive: true })
})

afterAll(async () => {
  await rm(contentDir, { recursive: true, force: true })
})

describe('the pages rendered from the site files', () => {
  it('are the pages the code rendered before, head and body, every not-found line included', async () => {
    await writeSiteFiles(contentDir)
    const before = JSON.parse(await readFile(path.join(repoRoot, 'tests/fixtures/site-pages/before.json'), 'utf8')) as Record<string, Parts>
    const now = renderPages()
    expect(Object.keys(now)).toEqual(Object.keys(before))
    for (const [key, parts] of Object.entries(before)) {
      const html = withoutIslandWrappers(now[key]!)
      if (parts.head !== undefined) expect(withSortedStylesheets(withoutAssetHashes(part(html, /<head>[\s\S]*<\/head>/))), `${key} <head>`).toBe(withSortedStylesheets(withoutAssetHashes(parts.head)))
      // The root ends at its last `</div>`: after it come only scripts, whose JSON escapes `<`.
      const root = part(html, /<div id="root">[\s\S]*<\/div>/)
      if (CHROME_ONLY.has(key)) {
        expect(withoutSeparators(chromeOf(root)), `${key} nav bar and footer`).toBe(withoutSeparators(chromeOf(parts.root!)))
        continue
      }
      if (parts.root !== undefined) expect(withoutSeparators(root), `${key} body`).toBe(withoutSeparators(parts.root))
      expect(withoutSeparators(part(html, /<main[\s\S]*<\/main>/)), `${key} <main>`).toBe(withoutSeparators(parts.main ?? part(parts.root!, /<main[\s\S]*<\/main>/)))
    }
    // The separators are the only difference, and only where a sentence was two pieces of JSX:
    // the footer's copyright line on every page, and the landing FAQ's link to the pricing page.
    for (const [key, parts] of Object.entries(before)) {
      if (parts.root === undefined || CHROME_ONLY.has(key)) continue
      const html = withoutIslandWrappers(now[key]!)
      expect(separatorsGone(parts.root, html), `${key}: the separators gone`).toEqual([
        ...(key === '/' ? ['answered on the<!-- --> <a href="/pricing">'] : []),
        '© 2025 <!-- -->Watchio<!-- -->. All rights reserved.',
      ])
      expect(html, key).toContain('<p>© 2025 Watchio. All rights reserved.</p>')
    }
  })

  it('show what the files say', async () => {
    await writeSiteFiles(contentDir, (site) => {
      site.pricing.plans[1]!.annualPrice = { amount: 1.99, currency: 'USD' }
      site.shared.footer.updated = 'Legal text last updated November 2026'
      site['not-found'].lines = ['Only this line.']
    })
    const now = renderPages()
    expect(now['/pricing']).toContain('<span class="plan__amount">$1.99</span>')
    expect(now['/legal']).toContain('<p>Legal text last updated November 2026</p>')
    expect(now['404:7']).toContain('<p class="not-found__line">Only this line.</p>')
  })
})
