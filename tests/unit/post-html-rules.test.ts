import { parseFragment, serialize } from 'parse5'
import { describe, expect, it } from 'vitest'
import { normalizeEditorHtml } from '../../pages/admin/blog/editor/normalize-html.ts'
import { sanitizeLinkHref } from '../../pages/admin/blog/editor/url-rules.ts'
import {
  isAllowedUrl,
  POST_ELEMENTS,
  postElement,
  RENAMED_ELEMENTS,
  STRIPPED_ELEMENTS,
  type AttributeRule,
  type PostElement,
  type UrlKind,
} from '../../core/post-html-rules.ts'
import { isCleanPostHtml } from '../../server/content/is-clean-html.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { cleanPostHtml, safePostHtml } from '../../server/content/sanitize-html.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { ALL_POST_BLOCKS, POST_BLOCKS } from '../support/post-blocks.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'

/**
 * The allowed post HTML is declared once (core/post-html-rules.ts); these cases hold every
 * part that decides what a post may hold to it, so that none can drift from the others: the
 * sanitizer (save, preview, render), its diagnosis of a post file, the clean check that lets
 * rendering skip it, the editor's normalizer and the URL rules. The samples are built from the
 * declaration, so an element or attribute added there is checked here with nothing else to edit
 * (but an example value for a new attribute, which the first case asks for).
 */

const ELEMENTS = Object.keys(POST_ELEMENTS) as PostElement[]
/**
 * The editor's normalizer, given what it is given in the browser: the HTML as the browser's parser
 * reads it (entities decoded, `<pre>`'s first newline dropped) and writes it back (`innerHTML`).
 */
const editor = (html: string) => normalizeEditorHtml(serialize(parseFragment(html)))
const attributesOf = (name: PostElement) => Object.entries(POST_ELEMENTS[name].attributes) as [string, AttributeRule][]

/** Per declared attribute (`element.attribute`): a value its rule allows and values it refuses, as written in HTML. */
const EXAMPLES: Record<string, { allowed: string; refused: string[] }> = {
  'ol.start': { allowed: '3', refused: ['x', '-1', '1234567'] },
  'code.class': { allowed: 'language-js', refused: ['hljs', 'language-', 'language-JS', 'lang-js'] },
  'a.href': { allowed: 'https://x.example/a?b=1&amp;c=2', refused: ['javascript:alert(1)', 'data:text/html,x', '//x.example/a', '/\\x.example/a'] },
  'a.title': { allowed: 'A &quot;title&quot; &amp; more', refused: [] },
  'a.id': { allowed: 'fnref-1', refused: ['fn-1', 'intro', 'fnref-', 'fnref-X', 'fnref-a_b', `fnref-${'a'.repeat(41)}`] },
  'a.role': { allowed: 'doc-noteref', refused: ['button', 'link', 'doc-endnotes', 'note', 'DOC-NOTEREF'] },
  'a.class': { allowed: 'button', refused: ['btn', 'button-primary', 'Button', 'heading-anchor', 'wp-block-button__link'] },
  'a.download': { allowed: '', refused: ['report.pdf', 'x'] },
  'img.src': { allowed: 'https://x.example/a.png', refused: ['https://x.example/a.svg', 'javascript:alert(1)', '//x.example/a.png'] },
  'img.alt': { allowed: 'An image', refused: [] },
  'img.title': { allowed: 'T', refused: [] },
  'img.width': { allowed: '640', refused: ['0', '-1', '100%', '640px', '123456'] },
  'img.height': { allowed: '480', refused: ['0', '4.5', 'auto'] },
  'h1.id': { allowed: 'intro', refused: ['Intro', 'a b', '-x', 'x'.repeat(81), ''] },
  'h2.id': { allowed: 'getting-started-2', refused: ['top&quot;x', 'a/b', '#x'] },
  'h3.id': { allowed: 'étape_1', refused: ['ÉTAPE', 'x:y'] },
  'h4.id': { allowed: 'details', refused: ['De tails'] },
  'h5.id': { allowed: 'h5', refused: ['a.b'] },
  'h6.id': { allowed: 'last-one', refused: ['-last'] },
  'li.id': { allowed: 'fn-1', refused: ['fnref-1', 'fn-', 'fn-A', 'note-1', 'fn-a b', `fn-${'a'.repeat(41)}`] },
  'aside.role': { allowed: 'note', refused: ['complementary', 'Note', 'doc-note', 'note x'] },
  'section.role': { allowed: 'doc-endnotes', refused: ['region', 'doc-footnotes', 'note'] },
  'figure.class': { allowed: 'gallery', refused: ['wp-block-gallery', 'GALLERY', 'kg-bookmark-card', 'button'] },
  'th.colspan': { allowed: '2', refused: ['0', '101', '1000', 'x'] },
  'th.rowspan': { allowed: '100', refused: ['0', '-2', '65534'] },
  'th.scope': { allowed: 'col', refused: ['column', 'COL', ''] },
  'td.colspan': { allowed: '3', refused: ['0', '999999'] },
  'td.rowspan': { allowed: '1', refused: ['', '2.5'] },
  'iframe.src': { allowed: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', refused: ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'javascript:alert(1)', 'https://evil.example/'] },
  'iframe.title': { allowed: 'A &quot;video&quot; &amp; more', refused: [] },
}

/**
 * Where a table's parts and a caption belong (the HTML parser drops a `<td>` outside a row), and
 * what goes inside them: before, inside, after.
 */
const CONTEXT: Partial<Record<PostElement, [string, string, string]>> = {
  table: ['', '<tbody><tr><td>x</td></tr></tbody>', ''],
  thead: ['<table>', '<tr><th>x</th></tr>', '<tbody><tr><td>y</td></tr></tbody></table>'],
  tbody: ['<table>', '<tr><td>x</td></tr>', '</table>'],
  tr: ['<table><tbody>', '<td>x</td>', '</tbody></table>'],
  th: ['<table><tbody><tr>', 'x', '</tr></tbody></table>'],
  td: ['<table><tbody><tr>', 'x', '</tr></tbody></table>'],
  figcaption: ['<figure>', 'x', '</figure>'],
  // Holds nothing.
  iframe: ['', '', ''],
}

/** Attributes written bare when present (`download`). */
const BOOLEAN_ATTRIBUTES = new Set(ELEMENTS.flatMap((name) => attributesOf(name).flatMap(([attr, rule]) => (rule.boolean ? [attr] : []))))
const attribute = (name: string, value: string) => (value === '' && BOOLEAN_ATTRIBUTES.has(name) ? ` ${name}` : ` ${name}="${value}"`)
/** Without it an element is not kept as itself: dropped (required) or unwrapped (defining). */
const isNeeded = (rule: AttributeRule) => !!(rule.required || rule.defining)
const requiredAttributes = (name: PostElement) =>
  attributesOf(name)
    .filter(([, rule]) => isNeeded(rule))
    .map(([attr]) => attribute(attr, EXAMPLES[`${name}.${attr}`]!.allowed))
    .join('')

/** Element `name` with `attributes` as a post file holds it, in a context where it belongs; `gone` is what is left without it. */
function sample(name: PostElement, attributes: string): { html: string; gone: string } {
  const element = POST_ELEMENTS[name]
  const open = `<${name}${attributes}>`
  const context = CONTEXT[name]
  if (context) return { html: `${context[0]}${open}${context[1]}</${name}>${context[2]}`, gone: `${context[0]}${context[1]}${context[2]}` }
  if (element.void) return element.layout === 'inline' ? { html: `<p>a${open}b</p>`, gone: '<p>ab</p>' } : { html: open, gone: '' }
  if (element.layout === 'inline') return { html: `<p>a ${open}x</${name}> b</p>`, gone: '<p>a x b</p>' }
  if (element.layout === 'container') return { html: `${open}\n<p>x</p>\n</${name}>`, gone: '<p>x</p>' }
  return { html: `${open}x</${name}>`, gone: 'x' }
}

/** What the HTML parser reads from an attribute as written (entities decoded), as every consumer sees it. */
function parsedValue(name: string, value: string): string {
  const fragment = parseFragment(`<a ${name}="${value}">`) as unknown as { childNodes: { attrs: { name: string; value: string }[] }[] }
  return fragment.childNodes[0]!.attrs[0]!.value
}

describe('the declaration', () => {
  it('has an example value for every attribute it allows, and no example for one it does not', () => {
    const declared = ELEMENTS.flatMap((name) => attributesOf(name).map(([attr]) => `${name}.${attr}`))
    expect(Object.keys(EXAMPLES).sort()).toEqual(declared.sort())
  })

  it('allows every example value and refuses every refused one', () => {
    for (const name of ELEMENTS) {
      for (const [attr, rule] of attributesOf(name)) {
        const { allowed, refused } = EXAMPLES[`${name}.${attr}`]!
        const allows = (value: string) =>
          rule.boolean ? value === '' : rule.url ? isAllowedUrl(rule.url, parsedValue(attr, value)) : (rule.value ?? /^/).test(parsedValue(attr, value))
        expect(allows(allowed), `${name}.${attr}=${allowed}`).toBe(true)
        for (const value of refused) expect(allows(value), `${name}.${attr}=${value}`).toBe(false)
      }
    }
  })
})

describe('every element a post may hold, with each attribute it may have, is kept by every consumer', () => {
  const cases = ELEMENTS.flatMap((name) => {
    const withAll = attributesOf(name)
      .map(([attr]) => attribute(attr, EXAMPLES[`${name}.${attr}`]!.allowed))
      .join('')
    return [...new Set([sample(name, requiredAttributes(name)).html, sample(name, withAll).html])]
  })

  it.each(cases)('%s', (html) => {
    expect(cleanPostHtml(html), 'the sanitizer keeps it').toBe(html)
    expect(findUnsafeHtml(html), 'a post file may hold it').toBeNull()
    expect(isCleanPostHtml(html), 'the clean check accepts it').toBe(true)
    expect(editor(html), 'the editor keeps it').toBe(html)
  })
})

describe('an element a post may not hold is removed by every consumer', () => {
  /** Elements an editor or a paste might bring, and names that are properties of every JavaScript object. */
  const unwrapped = ['div', 'span', 'h4', 'h6', 'font', 'section', 'details', 'dialog', 'form', 'button', 'label', 'video', 'audio', 'picture', 'marquee', 'x-widget', 'constructor', 'tostring']
  /** Elements the HTML parser never gives content. */
  const voidElements = ['input', 'base', 'link', 'meta', 'source', 'wbr', 'area', 'embed']

  it.each(unwrapped.filter((name) => !postElement(name)))('<%s>: removed, its text kept', (name) => {
    const html = `<p>a <${name}>kept text</${name}> b</p>`
    const tag = new RegExp(`<${name}\\b`, 'i')
    for (const [consumer, output] of [['the sanitizer', cleanPostHtml(html)], ['the editor', editor(html)]] as const) {
      expect(output, consumer).not.toMatch(tag)
      expect(output, consumer).toContain('kept text')
    }
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
    expect(findUnsafeHtml(html), 'the diagnosis').toMatch(new RegExp(`^has <${name}>`))
  })

  it.each(voidElements)('<%s>: removed', (name) => {
    const html = `<p>a <${name} title="x"> b</p>`
    const tag = new RegExp(`<${name}\\b`, 'i')
    expect(cleanPostHtml(html), 'the sanitizer').not.toMatch(tag)
    expect(editor(html), 'the editor').not.toMatch(tag)
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
    expect(findUnsafeHtml(html), 'the diagnosis').not.toBeNull()
  })

  it.each(STRIPPED_ELEMENTS)('<%s>: removed with all it holds', (name) => {
    const html = voidElements.includes(name) ? `<p>a</p>\n<${name} src="x">\n<p>b</p>` : `<p>a</p>\n<${name}>hidden text</${name}>\n<p>b</p>`
    for (const [consumer, output] of [['the sanitizer', cleanPostHtml(html)], ['the editor', editor(html)]] as const) {
      expect(output, consumer).toBe('<p>a</p>\n<p>b</p>')
    }
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
    expect(findUnsafeHtml(html), 'the diagnosis').toMatch(new RegExp(`^has <${name}> \\(line 2\\).* with all it holds$`))
  })

  it.each(Object.entries(RENAMED_ELEMENTS))('<%s> is an older spelling of <%s>: kept as that, and no reason to refuse a file', (old, current) => {
    const html = `<p>a <${old}>x</${old}> b</p>`
    const expected = `<p>a <${current}>x</${current}> b</p>`
    expect(cleanPostHtml(html), 'the sanitizer').toBe(expected)
    expect(editor(html), 'the editor').toBe(expected)
    expect(findUnsafeHtml(html), 'the diagnosis').toBeNull()
    // Not as the sanitizer writes it: rendering sanitizes it, which only renames it.
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
  })
})

describe('an attribute an element may not have is removed by every consumer', () => {
  /** Every attribute some element may have, and attributes that run script, style the page or name it. */
  const names = [
    ...new Set(ELEMENTS.flatMap((name) => attributesOf(name).map(([attr]) => attr))),
    'style', 'id', 'name', 'onclick', 'onerror', 'onload', 'srcset', 'target', 'rel', 'width', 'data-x', 'formaction', 'xlink:href',
    // What a pasted embed code brings: the post page writes its frame's own (server/content/video-embed-display.ts).
    'srcdoc', 'allow', 'sandbox', 'allowfullscreen', 'referrerpolicy', 'loading', 'frameborder',
  ]
  const valueFor = (attr: string) => Object.entries(EXAMPLES).find(([key]) => key.endsWith(`.${attr}`))?.[1].allowed ?? (attr.startsWith('on') ? 'alert(1)' : 'x')
  const cases = ELEMENTS.flatMap((name) =>
    names.filter((attr) => !Object.hasOwn(POST_ELEMENTS[name].attributes, attr)).map((attr) => [name, attr] as const),
  )

  it.each(cases)('<%s %s>', (name, attr) => {
    const kept = sample(name, requiredAttributes(name)).html
    const html = sample(name, requiredAttributes(name) + attribute(attr, valueFor(attr))).html
    expect(cleanPostHtml(html), 'the sanitizer').toBe(kept)
    expect(editor(html), 'the editor').toBe(kept)
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
    expect(findUnsafeHtml(html), 'the diagnosis').not.toBeNull()
  })
})

describe('a value an attribute’s rule refuses is removed by every consumer', () => {
  const cases = ELEMENTS.flatMap((name) =>
    attributesOf(name).flatMap(([attr, rule]) => EXAMPLES[`${name}.${attr}`]!.refused.map((value) => [name, attr, value, rule] as const)),
  )

  it.each(cases)('<%s %s="%s">', (name, attr, value, rule) => {
    const others = attributesOf(name).filter(([other]) => other !== attr)
    const otherAttributes = (only: (rule: AttributeRule) => boolean) =>
      others.filter(([, other]) => only(other)).map(([other]) => attribute(other, EXAMPLES[`${name}.${other}`]!.allowed)).join('')
    const html = sample(name, attribute(attr, value) + otherAttributes(isNeeded)).html
    // What is left: the element without the attribute, or nothing of it (but its text, when unwrapped) when it cannot be without it.
    const withoutIt = isNeeded(rule) ? sample(name, '').gone : sample(name, otherAttributes(isNeeded)).html
    expect(cleanPostHtml(html), 'the sanitizer').toBe(withoutIt)
    // SPEC §5: the editor keeps a refused link as a blank link.
    expect(editor(html), 'the editor').toBe(rule.url === 'link' ? sample(name, attribute(attr, '')).html : withoutIt)
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
    expect(findUnsafeHtml(html), 'the diagnosis').not.toBeNull()
  })
})

interface UrlCase {
  kind: UrlKind
  /** As written in the post's HTML. */
  url: string
  allowed: boolean
  /** What the editor writes for a refused link it can mend (`HTTPS:` → `https:`); otherwise a blank link. */
  mended?: string
}

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const URL_CASES: UrlCase[] = [
  // Links: http, https, mailto, tel, or relative (no scheme at all).
  ...['https://x.example/a?b=1&amp;c=2#d', 'http://x.example/', 'mailto:team@x.example', 'tel:+15551234', '/blog/welcome', '#part', '?q=1', 'relative/path', 'a/b:c', '']
    .map((url) => ({ kind: 'link' as const, url, allowed: true })),
  ...[
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'javascript&colon;alert(1)',
    'jav&#x61;script:alert(1)',
    '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
    '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    'java&#x0A;script:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    PNG,
    'file:///etc/passwd',
    'ftp://x.example/file',
    // Relative, but to another host: a post's relative links stay on the site.
    '//x.example/protocol-relative',
    '/\\x.example/backslash',
    ' //x.example/space-first',
    '/&#x09;/x.example/tab-inside',
  ].map((url) => ({ kind: 'link' as const, url, allowed: false })),
  // Schemes are compared as the sanitizer compares them, as written; the editor writes them in lower case.
  { kind: 'link', url: 'HTTPS://x.example/', allowed: false, mended: 'https://x.example/' },
  { kind: 'link', url: 'Mailto:team@x.example', allowed: false, mended: 'mailto:team@x.example' },
  // Images: http(s) jpg, jpeg, gif and png files, base64 data of those, and the media library.
  ...['https://x.example/a.png', 'http://x.example/a.JPG', 'https://x.example/dir/a.jpeg?size=2', PNG, 'data:image/gif;base64,R0lGODlh', '/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg']
    .map((url) => ({ kind: 'image' as const, url, allowed: true })),
  ...[
    '//x.example/a.png',
    '/images/a.svg',
    'a.png',
    'https://x.example/a.svg',
    'https://x.example/?file=a.png',
    'HTTPS://x.example/a.png',
    ' https://x.example/a.png',
    'javascript:alert(1)//a.png',
    'jav&#x61;script:alert(1)//a.png',
    'vbscript:x//a.png',
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'data:text/html;base64,PHNjcmlwdD4=',
    'DATA:image/png;base64,AAAA',
    'ftp://x.example/a.png',
    '',
  ].map((url) => ({ kind: 'image' as const, url, allowed: false })),
  // Embeds: exactly YouTube's privacy-enhanced player by an 11-character id, or Vimeo's by its number.
  ...['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/a_B-c1d2E3f', 'https://player.vimeo.com/video/76979871']
    .map((url) => ({ kind: 'embed' as const, url, allowed: true })),
  ...[
    'javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    '//www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'HTTPS://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ' https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ&#x0A;',
    // Another host behind the allowed one's name: userinfo, a longer domain, a port, upper case.
    'https://www.youtube-nocookie.com@evil.example/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com.evil.example/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com:8443/embed/dQw4w9WgXcQ',
    'https://WWW.YOUTUBE-NOCOOKIE.COM/embed/dQw4w9WgXcQ',
    'https://youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://evil.example/?https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com\\embed\\dQw4w9WgXcQ',
    // Another path: segments, dot segments, encoded characters, a query, a fragment, a short or long id, a playlist.
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ/extra',
    'https://www.youtube-nocookie.com/embed/../embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXc%51',
    'https://www.youtube-nocookie.com/embed/%2e%2e/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ#t=30',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXc',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQQ',
    'https://www.youtube-nocookie.com/embed/videoseries?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
    // YouTube's own domain sets cookies: only its privacy-enhanced player is framed.
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://vimeo.com/76979871',
    'https://player.vimeo.com/video/76979871?h=abc123',
    'https://player.vimeo.com/video/076979871',
    'https://player.vimeo.com/video/abc',
    'https://player.vimeo.com/video/1234567890123',
    'https://evil.example/embed/dQw4w9WgXcQ',
    '',
  ].map((url) => ({ kind: 'embed' as const, url, allowed: false })),
]

describe('URLs: the rules and every consumer agree', () => {
  it.each(URL_CASES)('$kind $url', ({ kind, url, allowed, mended }) => {
    const name = ({ link: 'a', image: 'img', embed: 'iframe' } as const)[kind]
    const attr = kind === 'link' ? 'href' : 'src'
    expect(isAllowedUrl(kind, parsedValue(attr, url)), 'the rule').toBe(allowed)
    const html = sample(name, attribute(attr, url)).html
    const refused = kind === 'link' ? sample(name, '').html : sample(name, '').gone
    expect(cleanPostHtml(html), 'the sanitizer').toBe(allowed ? html : refused)
    expect(findUnsafeHtml(html) === null, 'the diagnosis').toBe(allowed)
    expect(isCleanPostHtml(html), 'the clean check').toBe(allowed)
    const blank = kind === 'link' ? sample(name, attribute(attr, mended ?? '')).html : refused
    expect(editor(html), 'the editor').toBe(allowed ? html : blank)
    if (kind === 'link') expect(sanitizeLinkHref(parsedValue(attr, url)), 'the Link dialog').toBe(allowed ? parsedValue(attr, url) : (mended ?? ''))
  })
})

describe('block and inline elements: the sanitizer and the editor lay them out alike', () => {
  it.each(ELEMENTS.filter((name) => !POST_ELEMENTS[name].void))('<%s>', (name) => {
    // Two in a row: a block starts a line of its own, an inline element never does.
    const [html, expected] =
      POST_ELEMENTS[name].layout === 'inline'
        ? Array(2).fill(`<p>${`<${name}${requiredAttributes(name)}>x</${name}>`.repeat(2)}</p>`)
        : [sample(name, requiredAttributes(name)).html.repeat(2), `${sample(name, requiredAttributes(name)).html}\n${sample(name, requiredAttributes(name)).html}`]
    expect(cleanPostHtml(html), 'the sanitizer').toBe(expected)
    expect(editor(html), 'the editor').toBe(expected)
  })

  it('empties an element that holds nothing, whatever is written inside it', () => {
    for (const name of ELEMENTS.filter((element) => POST_ELEMENTS[element].empty)) {
      const kept = sample(name, requiredAttributes(name)).html
      for (const inside of ['text', '<p>a paragraph</p>', '&lt;script&gt;alert(1)&lt;/script&gt;', '<script>alert(1)</script>']) {
        const html = kept.replace('></', `>${inside}</`)
        expect(cleanPostHtml(html), `the sanitizer: ${inside}`).toBe(kept)
        expect(editor(html), `the editor: ${inside}`).toBe(kept)
        expect(isCleanPostHtml(html), `the clean check: ${inside}`).toBe(false)
        expect(findUnsafeHtml(html, 3), `the diagnosis: ${inside}`).toBe(`has text inside <${name}> (line 3), which the sanitizer would remove`)
      }
    }
  })

  it('keeps the inside of a verbatim block as written, blank lines and all', () => {
    for (const name of ELEMENTS.filter((element) => POST_ELEMENTS[element].layout === 'verbatim')) {
      const html = `<${name}>\n\n  a\n\tb  </${name}>`
      expect(cleanPostHtml(html), name).toBe(html)
      expect(editor(html), name).toBe(html)
    }
  })
})

/**
 * The blocks of other blogs, each in the one shape a post holds it (tests/support/post-blocks.ts):
 * kept byte for byte by every consumer, so a file that holds one is shown as written; and the
 * variants an import or a paste brings (another class, another role, an id of another form)
 * cleaned alike.
 */
describe('the blocks of other blogs keep their one shape', () => {
  it.each(Object.entries(POST_BLOCKS))('%s: kept byte for byte by every consumer', (_name, html) => {
    expect(cleanPostHtml(html), 'the sanitizer keeps it').toBe(html)
    expect(findUnsafeHtml(html), 'a post file may hold it').toBeNull()
    expect(isCleanPostHtml(html), 'the clean check lets the page show the file as written').toBe(true)
    expect(editor(html), 'the editor keeps it').toBe(html)
  })

  it.each([
    ['a toggle shown open', '<details open>\n<summary>S</summary>\n<p>x</p>\n</details>', '<details>\n<summary>S</summary>\n<p>x</p>\n</details>'],
    ['a callout of another role', '<aside role="complementary">\n<p>x</p>\n</aside>', '<p>x</p>'],
    ['a callout without its role', '<aside class="note">\n<p>x</p>\n</aside>', '<p>x</p>'],
    ['a section that holds no notes', '<section>\n<h2>Part</h2>\n<p>x</p>\n</section>', '<h2>Part</h2>\n<p>x</p>'],
    ['a section of another role', '<section role="region">\n<p>x</p>\n</section>', '<p>x</p>'],
    ['a button with more classes', '<p><a href="/pricing" class="wp-block-button__link button">Buy</a></p>', '<p><a href="/pricing" class="button">Buy</a></p>'],
    ['a link of another class', '<p><a href="/pricing" class="btn btn-primary">Buy</a></p>', '<p><a href="/pricing">Buy</a></p>'],
    ['a link shown as a button by its role', '<p><a href="/pricing" role="button">Buy</a></p>', '<p><a href="/pricing">Buy</a></p>'],
    ['a download that renames the file', '<p><a href="/media/x.exe" download="invoice.pdf">Invoice</a></p>', '<p><a href="/media/x.exe">Invoice</a></p>'],
    ['a reference of another id', '<p>x<sup><a href="#fn-1" id="ref-1" role="doc-noteref">1</a></sup></p>', '<p>x<sup><a href="#fn-1" role="doc-noteref">1</a></sup></p>'],
    ['a note of another id', '<ol>\n<li id="footnote-1">x</li>\n</ol>', '<ol>\n<li>x</li>\n</ol>'],
    ['a note named like its reference', '<ol>\n<li id="fnref-1">x</li>\n</ol>', '<ol>\n<li>x</li>\n</ol>'],
    ['a gallery of another class', '<figure class="wp-block-gallery has-nested-images"><figure><img src="/media/2025/harbour-3f9a2c1b5e-1600x1067.jpg"></figure></figure>', '<figure><figure><img src="/media/2025/harbour-3f9a2c1b5e-1600x1067.jpg"></figure></figure>'],
    ['a bookmark of another class', '<figure class="kg-bookmark-card bookmark"><a href="https://x.example/">T</a></figure>', '<figure class="bookmark"><a href="https://x.example/">T</a></figure>'],
    ['a span with a style', '<p>a <span style="color:red" class="x">b</span> c</p>', '<p>a <span>b</span> c</p>'],
    ['a citation or superscript with attributes', '<p><cite title="t" class="c">N</cite><sup id="s">2</sup></p>', '<p><cite>N</cite><sup>2</sup></p>'],
  ])('%s: cleaned alike by every consumer', (_name, html, expected) => {
    expect(cleanPostHtml(html), 'the sanitizer').toBe(expected)
    expect(editor(html), 'the editor').toBe(expected)
    expect(isCleanPostHtml(html), 'the clean check').toBe(false)
    expect(findUnsafeHtml(html), 'the diagnosis').not.toBeNull()
  })

  it('all of them in one post: saved, written to its file, read back and shown as they were', () => {
    const content = cleanPostHtml(ALL_POST_BLOCKS)
    expect(content).toBe(ALL_POST_BLOCKS)
    const post = { id: 'abc123', title: 'Blocks', slug: 'blocks', summary: 'S.', publishDate: '2025-01-01', isPublished: true, featuredImageUrl: '', content }
    const file = serializePost(post)
    const read = parsePostFile(file, 'blocks.html')
    expect(read.content).toBe(content)
    expect(serializePost(read)).toBe(file)
    expect(safePostHtml(read.content), 'what the page renders from').toBe(content)
  })

  it('reads a download spelled with its own name as HTML does: the same download, no reason to refuse a file', () => {
    const html = '<p><a href="/media/a.pdf" download="download">A</a></p>'
    const expected = '<p><a href="/media/a.pdf" download>A</a></p>'
    expect(cleanPostHtml(html), 'the sanitizer').toBe(expected)
    expect(editor(html), 'the editor').toBe(expected)
    expect(findUnsafeHtml(html), 'the diagnosis').toBeNull()
  })

  it('names the missing role of an unwrapped callout, keeping its text', () => {
    expect(findUnsafeHtml('<p>a</p>\n<aside>\n<p>x</p>\n</aside>')).toBe('has <aside> without a role (line 2), which the sanitizer would remove (keeping its text)')
  })
})
