import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LINK_RULE_TEXT, linkHrefFromInput, sanitizeLinkHref, SITE_LINK_EXAMPLES } from '../../pages/admin/blog/editor/url-rules.ts'
import { isAllowedImageSource, URL_SCHEMES } from '../../core/post-html-rules.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** What the server keeps of a link's href: the href, '' for an <a> it left without one. */
function serverHref(href: string): string | null {
  const html = cleanPostHtml(`<a href="${href.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">x</a>`)
  const match = /^<a(?: href="([^"]*)")?>x<\/a>$/.exec(html)
  if (!match) throw new Error(`unexpected server output ${html}`)
  return match[1] === undefined ? null : match[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"')
}

describe('sanitizeLinkHref (SPEC §5 links)', () => {
  it.each([
    'https://example.com/a?b=1&c=2#d',
    'http://example.com',
    'mailto:team@example.com',
    'tel:+15551234',
    '/blog/welcome',
    '#section',
    '?q=1',
    'relative/path',
    '',
  ])('keeps %j', (href) => {
    expect(sanitizeLinkHref(href)).toBe(href)
  })

  it.each([
    ['javascript:alert(1)', ''],
    ['JavaScript:alert(1)', ''],
    [' javascript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['java\nscript:alert(1)', ''],
    ['data:text/html,<script>alert(1)</script>', ''],
    ['vbscript:msgbox(1)', ''],
    ['ftp://example.com/file', ''],
    ['file:///etc/passwd', ''],
    // Relative, but to another host.
    ['//example.com/x', ''],
    ['/\\example.com/x', ''],
    ['HTTPS://Example.com/A', 'https://Example.com/A'],
    ['  https://example.com  ', 'https://example.com'],
    ['Mailto:a@b.example', 'mailto:a@b.example'],
  ])('turns %j into %j', (href, expected) => {
    expect(sanitizeLinkHref(href)).toBe(expected)
  })

  it('never keeps a link the server would drop, and keeps what it would keep', () => {
    const scheme = fc.constantFrom('http:', 'https:', 'mailto:', 'tel:', 'javascript:', 'JAVASCRIPT:', 'data:', 'vbscript:', 'ftp:', '', '/', '#', '?')
    const rest = fc.string({ unit: fc.constantFrom('a', 'b', '/', ':', '?', '#', '&', '=', '.', '@', '1', '\t', ' ', '"'), maxLength: 12 })
    fc.assert(
      fc.property(scheme, rest, (prefix, tail) => {
        const href = prefix + tail
        const ours = sanitizeLinkHref(href)
        // What the editor writes, the server keeps as it is (or, for '', as the blank link it is).
        expect(serverHref(ours)).toBe(ours)
        // A target the server refuses is never kept as typed (HTTP: becomes http:, the rest blank).
        if (serverHref(href) === null) expect(ours).not.toBe(href)
      }),
    )
  })
})

describe('LINK_RULE_TEXT (the Link dialog\'s hint)', () => {
  it('says what is kept: every scheme of the rule, and paths of the site, which the editor and the server keep as written', () => {
    expect(LINK_RULE_TEXT).toBe(
      'Links may start with http://, https://, mailto: or tel:, or be a path on this site such as /pricing or #faq. Any other kind of link is saved as a blank link.',
    )
    for (const scheme of URL_SCHEMES.link) expect(LINK_RULE_TEXT).toContain(`${scheme}:`)
    for (const path of SITE_LINK_EXAMPLES) {
      expect(linkHrefFromInput(path)).toBe(path)
      expect(serverHref(path)).toBe(path)
    }
  })
})

describe('linkHrefFromInput (the Link dialog)', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['www.example.com/page?x=1', 'https://www.example.com/page?x=1'],
    ['example.com:8080/x', 'https://example.com:8080/x'],
    ['jane@example.com', 'mailto:jane@example.com'],
    ['https://example.com', 'https://example.com'],
    ['tel:+123', 'tel:+123'],
    ['/blog/x', '/blog/x'],
    ['javascript:alert(1)', ''],
    ['  ', ''],
  ])('%j gives %j', (input, expected) => {
    expect(linkHrefFromInput(input)).toBe(expected)
  })
})

describe('isAllowedImageSource (SPEC §5 images)', () => {
  it.each([
    'https://example.com/a.png',
    'http://example.com/a.JPG',
    'https://example.com/dir/a.jpeg?size=2#x',
    'https://example.com/a.gif',
    PNG,
    'data:image/jpeg;base64,AAAA',
    'data:image/jpg;base64,AAAA',
    'data:image/gif;base64,R0lGODlh',
    // The site's own library: exactly the names core/media-urls.ts makes.
    '/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg',
    '/media/2026/logo-0123456789-64x64.png',
    '/media/2026/spinner-abcdef0123-32x32.gif',
  ])('allows %s', (src) => {
    expect(isAllowedImageSource(src)).toBe(true)
  })

  it.each([
    'https://example.com/a.svg',
    'https://example.com/a.webp',
    'https://example.com/a.png.exe',
    'https://example.com/?file=a.png',
    'ftp://example.com/a.png',
    'javascript:alert(1)//a.png',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:image/png,raw',
    'data:text/html;base64,AAAA',
    '/images/a.svg',
    '/static/a.png',
    '/media/2025/holiday-3f9a2c1b5e-1600x1067.svg',
    '/media/2025/../holiday-3f9a2c1b5e-1600x1067.jpg',
    '//evil.example/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg',
    'media/2025/holiday-3f9a2c1b5e-1600x1067.jpg',
    'a.png',
    '',
  ])('refuses %s', (src) => {
    expect(isAllowedImageSource(src)).toBe(false)
  })
})
