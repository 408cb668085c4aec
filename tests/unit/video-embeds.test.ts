import type { Element, Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { embeddedProviders, embedFromLink, embedUrl, parseEmbedUrl } from '../../core/video-embeds.ts'
import { displayPostHtml } from '../../server/content/display-html.ts'
import { cleanPostHtml, DISPLAY_HTML_SCHEMA } from '../../server/content/sanitize-html.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'
import { renderNginxConfig } from '../../server/export/nginx-config.ts'
import { servingRules } from '../../server/export/serving-rules.ts'
import { contentSecurityPolicy, pageFrames } from '../../server/http/security-headers.ts'
import { previewContentSecurityPolicy, PREVIEW_CONTENT_SECURITY_POLICY } from '../../server/pages/preview-html.ts'

const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
const VIMEO = 'https://player.vimeo.com/video/76979871'
const parse = (html: string) => unified().use(rehypeParse, { fragment: true }).parse(html)

function elementsOf(tree: Root | Element): Element[] {
  return tree.children.flatMap((child) => (child.type === 'element' ? [child, ...elementsOf(child)] : []))
}

/** The displayed frame of `html`'s one embed, and the elements of the page inside it. */
function shown(html: string): { frame: Element; inside: Element[] } {
  const frames = elementsOf(parse(displayPostHtml(html))).filter((element) => element.tagName === 'iframe')
  expect(frames).toHaveLength(1)
  const frame = frames[0]!
  return { frame, inside: elementsOf(unified().use(rehypeParse).parse(String(frame.properties.srcDoc))) }
}

describe('a link a person pastes becomes the stored embed URL', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', YOUTUBE],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s', YOUTUBE],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ', YOUTUBE],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', YOUTUBE],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', YOUTUBE],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', YOUTUBE],
    [`  ${YOUTUBE}  `, YOUTUBE],
    ['https://vimeo.com/76979871', VIMEO],
    ['https://player.vimeo.com/video/76979871?h=abc', VIMEO],
  ])('%s', (link, stored) => {
    const embed = embedFromLink(link)
    expect(embed && embedUrl(embed)).toBe(stored)
  })

  it.each([
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://vimeo.com/channels/staffpicks',
    'javascript:alert(1)//youtu.be/dQw4w9WgXcQ',
    'dQw4w9WgXcQ',
    '',
  ])('refuses %s', (link) => {
    expect(embedFromLink(link)).toBeNull()
  })

  it('reads back every URL it writes', () => {
    expect(parseEmbedUrl(YOUTUBE)).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ' })
    expect(parseEmbedUrl(VIMEO)).toEqual({ provider: 'vimeo', id: '76979871' })
  })
})

describe('the post page shows an embed as a frame that loads nothing from the provider until asked', () => {
  const stored = `<iframe src="${YOUTUBE}" title="Launch &amp; demo"></iframe>`

  it('a frame with no src: its page is ours, a play link to the player and our own stylesheet', () => {
    const { frame, inside } = shown(stored)
    expect(frame.properties.src).toBeUndefined()
    expect(frame.properties).toMatchObject({ title: 'Video: Launch & demo', loading: 'lazy', referrerPolicy: 'strict-origin-when-cross-origin', dataProvider: 'youtube' })
    expect(frame.properties.sandbox).toEqual(['allow-scripts', 'allow-same-origin', 'allow-presentation', 'allow-popups', 'allow-popups-to-escape-sandbox'])
    // Nothing inside loads from anywhere but the site: no src at all, one stylesheet of the site's.
    expect(inside.filter((element) => element.properties.src !== undefined)).toEqual([])
    expect(inside.filter((element) => element.tagName === 'link').map((element) => element.properties.href)).toEqual(['/video-embed.css'])
    expect(inside.map((element) => element.tagName)).not.toContain('script')
    const links = inside.filter((element) => element.tagName === 'a')
    expect(links.map((element) => [element.properties.href, element.properties.ariaLabel])).toEqual([[`${YOUTUBE}?autoplay=1`, 'Play video: Launch & demo']])
  })

  it('a Vimeo video plays from Vimeo’s player; a frame without a title is still named', () => {
    const { frame, inside } = shown(`<iframe src="${VIMEO}"></iframe>`)
    expect(frame.properties.title).toBe('Video')
    expect(frame.properties.dataProvider).toBe('vimeo')
    expect(inside.find((element) => element.tagName === 'a')?.properties).toMatchObject({ href: `${VIMEO}?autoplay=1`, ariaLabel: 'Play video' })
  })

  it('a hostile title stays text, inside the frame and out', () => {
    const title = '"><script>alert(1)</script><img src=x onerror=alert(1)>'
    const html = cleanPostHtml(`<iframe src="${YOUTUBE}" title='${title}'></iframe>`)
    const { frame, inside } = shown(html)
    expect(frame.properties.title).toBe(`Video: ${title}`)
    expect(inside.map((element) => element.tagName)).toEqual(['html', 'head', 'meta', 'link', 'body', 'a', 'span', 'span', 'span'])
    expect(inside.find((element) => element.tagName === 'a')?.properties.ariaLabel).toBe(`Play video: ${title}`)
  })

  it('writes only what the display schema allows, and is marked for the page’s policy', () => {
    const display = displayPostHtml(`<p>a</p>\n${stored}\n<figure><iframe src="${VIMEO}" title="b"></iframe><figcaption>c</figcaption></figure>`)
    const sanitized = String(unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, DISPLAY_HTML_SCHEMA).use(rehypeStringify, { characterReferences: { useNamedReferences: true } }).processSync(display))
    expect(sanitized).toBe(display)
    expect(embeddedProviders(display)).toEqual(['youtube', 'vimeo'])
  })

  it('a post that only writes about embeds frames nothing', () => {
    const text = '<iframe class="video-embed" data-provider="youtube" src="x">'
    const html = cleanPostHtml(`<pre><code>${text.replace(/</g, '&lt;')}</code></pre>\n<p><a title='${text}' href="/x">x</a></p>`)
    expect(embeddedProviders(displayPostHtml(html))).toEqual([])
    expect(embeddedProviders(displayPostHtml(cleanPostHtml(`<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>`)))).toEqual([])
  })
})

describe('the policy frames a provider’s player only on a page that embeds it', () => {
  const page = (content: string) => `<!doctype html><html><body><div class="prose">${displayPostHtml(content)}</div></body></html>`

  it('the server’s policy', () => {
    expect(pageFrames('text/html; charset=utf-8', page('<p>x</p>'))).toEqual([])
    expect(pageFrames('text/html; charset=utf-8', Buffer.from(page(`<iframe src="${VIMEO}"></iframe>`)))).toEqual(['vimeo'])
    expect(pageFrames('application/json', JSON.stringify(page(`<iframe src="${VIMEO}"></iframe>`)))).toEqual([])
    expect(contentSecurityPolicy('production')).not.toContain('frame-src')
    expect(contentSecurityPolicy('production', ['youtube'])).toBe(contentSecurityPolicy('production').replace("font-src 'self'", "font-src 'self'; frame-src https://www.youtube-nocookie.com"))
    expect(contentSecurityPolicy('production', ['youtube', 'vimeo'])).toContain('; frame-src https://www.youtube-nocookie.com https://player.vimeo.com;')
  })

  it('the preview’s policy', () => {
    expect(previewContentSecurityPolicy(page('<p>x</p>'))).toBe(PREVIEW_CONTENT_SECURITY_POLICY)
    expect(previewContentSecurityPolicy(page(`<iframe src="${YOUTUBE}"></iframe>`))).toBe(`${PREVIEW_CONTENT_SECURITY_POLICY}; frame-src https://www.youtube-nocookie.com`)
  })

  it('the export’s nginx.conf: a location for each such page with its policy, the others unchanged', () => {
    const rules = servingRules()
    const policy = contentSecurityPolicy('production', ['youtube'])
    const plain = renderNginxConfig(rules)
    const framing = renderNginxConfig(rules, [], [{ path: '/blog/with-video', policy }])
    expect(plain).not.toContain('frame-src')
    const added = framing.split('\n').filter((line) => !plain.split('\n').includes(line))
    expect(added.join('\n')).toContain('location = "/blog/with-video" {')
    expect(added.join('\n')).toContain(`add_header Content-Security-Policy "${policy}" always;`)
    expect(framing.match(/frame-src/g)).toHaveLength(1)
  })
})

describe('a post file with a frame the sanitizer would change says why', () => {
  it.each([
    ['<p>a</p>\n<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>', 'has <iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"> (line 11), which the sanitizer would remove: a video must be https://www.youtube-nocookie.com/embed/<id> or https://player.vimeo.com/video/<number>, as written'],
    [`<iframe src="${YOUTUBE}" allow="camera"></iframe>`, 'has allow="camera" on <iframe> (line 10), which the sanitizer would remove'],
  ])('%s', (html, reason) => {
    expect(findUnsafeHtml(html, 10)).toBe(reason)
  })
})
