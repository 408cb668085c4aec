import { describe, expect, it } from 'vitest'
import { renderCard } from '../../server/import/ghost/card-html.ts'
import { mapGhostCards } from '../../server/import/ghost/cards.ts'
import { headingId, newRendering } from '../../server/import/ghost/rendering.ts'
import { noChanges } from '../../server/import/import-changes.ts'

/** A card's data as Ghost's editor saves it (values from Koenig's node tests), rendered, then mapped as an exported post's HTML is. */
function throughCards(name: string, card: Record<string, unknown>) {
  const rendering = newRendering()
  const html = renderCard(name, card, rendering)!
  const changes = noChanges()
  return { html, mapped: mapGhostCards(html, changes), changed: [...rendering.changed, ...changes.changed], kept: changes.kept }
}

describe('Ghost cards rendered as Ghost renders them, then mapped to the post model', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['image', { src: '/content/images/a.jpg', width: 30, height: 20, alt: 'A', href: 'https://x.test/', caption: 'Cap' }, 'image card → figure', '<figure><a href="https://x.test/"><img src="__GHOST_URL__/content/images/a.jpg" alt="A" width="30" height="20"></a><figcaption>Cap</figcaption></figure>'],
    ['gallery', { images: [{ src: '/content/images/a.jpg', width: 3, height: 2, row: 0 }, { src: '/content/images/b.jpg', width: 3, height: 2, row: 1, alt: 'B' }], caption: 'Two' }, 'gallery card → gallery', '<figure class="gallery"><figure><img src="__GHOST_URL__/content/images/a.jpg" alt="" width="3" height="2"></figure><figure><img src="__GHOST_URL__/content/images/b.jpg" alt="B" width="3" height="2"></figure><figcaption>Two</figcaption></figure>'],
    ['video', { src: '/content/media/v.mp4', width: 200, height: 100, caption: 'Clip', thumbnailSrc: '/content/images/t.jpg' }, 'video card → video file', '<figure><video controls preload="metadata" src="/content/media/v.mp4" poster="__GHOST_URL__/content/images/t.jpg" width="200" height="100"></video><figcaption>Clip</figcaption></figure>'],
    ['audio', { src: '/content/media/a.mp3', title: 'Episode 1' }, 'audio card → audio file', '<figure><audio controls preload="metadata" src="/content/media/a.mp3"></audio><figcaption>Episode 1</figcaption></figure>'],
    ['file', { src: '/content/files/r.pdf', fileTitle: 'Report', fileCaption: 'Yearly', fileName: 'r.pdf', fileSize: 123456 }, 'file card → download link, its description after it', '<p><a href="/content/files/r.pdf" download>Report</a></p><p>Yearly — r.pdf, 121 KB</p>'],
    ['callout', { calloutEmoji: '💡', calloutText: '<p>Bring <b>water</b><script>x</script></p>', backgroundColor: 'rgba(0, 0, 0, 0)' }, 'callout card → callout', '<aside role="note"><p>💡 Bring <b>water</b>x</p></aside>'],
    ['toggle', { heading: 'Why?', content: '<p>Because.</p>' }, 'toggle card → toggle', '<details><summary>Why?</summary><p>Because.</p></details>'],
    ['button', { buttonText: 'Go', buttonUrl: 'https://x.test/', alignment: 'center' }, 'button card → button', '<p><a href="https://x.test/" class="button">Go</a></p>'],
    ['bookmark', { url: 'https://x.test/', metadata: { title: 'X', description: 'About X', thumbnail: 'https://x.test/t.png', publisher: 'Pub' }, caption: '' }, 'bookmark card → bookmark card', '<figure class="bookmark"><a href="https://x.test/"><img src="https://x.test/t.png" alt=""><strong>X</strong><span>About X · Pub</span></a></figure>'],
    ['embed', { url: 'https://x.test/post', html: '', caption: 'A post' }, 'embed card → link (a YouTube or Vimeo video becomes the site\'s video embed)', '<a href="https://x.test/post">https://x.test/post</a><p>A post</p>'],
    ['codeblock', { code: 'a < b', language: 'js', caption: 'Compare' }, 'code card → code block, its caption a paragraph after it', '<pre><code class="language-js">a &#x3C; b</code></pre><p>Compare</p>'],
    ['header', { version: 1, header: 'Big', subheader: 'small', buttonEnabled: true, buttonText: 'Go', buttonUrl: 'https://x.test/', backgroundImageSrc: '/content/images/h.jpg', size: 'small', style: 'image' }, 'header card → heading, text and button (the background image a figure)', '<figure><img src="__GHOST_URL__/content/images/h.jpg" alt=""></figure><h2>Big</h2><p>small</p><p><a href="https://x.test/" class="button">Go</a></p>'],
    ['header', { version: 2, header: 'Big', subheader: 'small', buttonEnabled: true, buttonText: 'Go', buttonUrl: 'https://x.test/', backgroundImageSrc: '/content/images/h.jpg' }, 'header card → heading, text and button (the background image a figure)', '<figure><img src="__GHOST_URL__/content/images/h.jpg" alt=""></figure><h2>Big</h2><p>small</p><p><a href="https://x.test/" class="button">Go</a></p>'],
    ['product', { productTitle: 'Boots', productDescription: '<p>Warm</p>', productImageSrc: '/content/images/p.jpg', productRatingEnabled: true, productStarRating: 4, productButtonEnabled: true, productButton: 'Buy', productUrl: 'https://x.test/buy' }, 'product card → its image, title, description and button (the star rating in words)', '<figure><img src="__GHOST_URL__/content/images/p.jpg" alt=""></figure><p><strong>Boots</strong></p><p>Rated 4 out of 5</p><p>Warm</p><p><a href="https://x.test/buy" class="button">Buy</a></p>'],
    ['signup', { header: 'Join', subheader: 'Weekly', disclaimer: 'No spam', buttonText: 'Sign up' }, 'signup card → its words (the signup form is Ghost\'s: removed)', '<p>Join</p><p>Weekly</p><p>No spam</p><p>(Sign up)</p>'],
    ['call-to-action', { sponsorLabel: '<p>SPONSORED</p>', textValue: '<p>Buy this</p>', buttonText: 'Go', buttonUrl: 'https://x.test/', imageUrl: 'https://x.test/i.jpg' }, 'cta card → its image, text and button', '<p><strong>SPONSORED</strong></p><figure><img src="https://x.test/i.jpg" alt="CTA Image"></figure><p>Buy this</p><p><a href="https://x.test/" class="button">Go</a></p>'],
    ['before-after', { beforeImage: { src: '/content/images/b.jpg', width: 3 }, afterImage: { src: '/content/images/a.jpg', width: 3 }, caption: 'A year apart' }, 'before-after card → gallery of the two images', '<figure class="gallery"><figure><img src="__GHOST_URL__/content/images/b.jpg" alt="" width="3"><figcaption>Before</figcaption></figure><figure><img src="__GHOST_URL__/content/images/a.jpg" alt="" width="3"><figcaption>After</figcaption></figure><figcaption>A year apart</figcaption></figure>'],
    ['email', { html: '<p>Hi subscriber</p>' }, 'email card → removed (it was for the newsletter only)', ''],
    ['email-cta', { html: '<p>Upgrade</p>', segment: 'status:free' }, 'email-cta card → removed (it was for the newsletter only)', ''],
  ]

  it.each(cases.map(([name, card, how, mapped]) => [`${name}${card.version === 2 ? ' v2' : ''}`, { name, card, how, mapped }] as const))('%s', (_label, { name, card, how, mapped }) => {
    const result = throughCards(name, card)
    expect(result.mapped).toBe(mapped)
    expect(result.changed).toContain(how)
    expect(result.mapped).not.toContain('kg-')
  })

  it('keeps Markdown and HTML cards as written, between Ghost\'s markers, and named', () => {
    expect(throughCards('markdown', { markdown: '**Bold**' })).toMatchObject({ mapped: '\n<p><strong>Bold</strong></p>\n', kept: ['markdown card'] })
    expect(throughCards('html', { html: '<p>Raw</p>' })).toMatchObject({ mapped: '\n\n<p>Raw</p>\n\n', kept: ['html card'] })
  })

  it('writes a rule, the paywall marker, and leaves out a transistor player with a word in the report', () => {
    expect(throughCards('horizontalrule', {}).mapped).toBe('<hr>')
    expect(throughCards('paywall', {})).toMatchObject({ mapped: '', changed: ['paywall marker removed (what follows it was for members only in Ghost: here it is public)'] })
    expect(throughCards('transistor', {})).toMatchObject({ mapped: '', changed: ['transistor card (Ghost\'s podcast player, made for each member) → left out'] })
  })

  it('writes an image\'s or a video\'s width and height both, or neither, as Ghost does', () => {
    expect(renderCard('image', { src: '/a.jpg', width: 30 }, newRendering())).toBe('<figure class="kg-card kg-image-card"><img src="/a.jpg" class="kg-image" alt loading="lazy"></figure>')
    expect(renderCard('video', { src: '/v.mp4', height: 20 }, newRendering())).toContain('<video src="/v.mp4" playsinline preload="metadata">')
    expect(renderCard('video', { src: '/v.mp4', width: 30.4, height: 20 }, newRendering())).toContain('<video src="/v.mp4" width="30" height="20" playsinline preload="metadata">')
  })

  it('escapes a card\'s text and attributes, and knows no card by a prototype\'s name', () => {
    expect(throughCards('button', { buttonText: '<b>"Go"</b>', buttonUrl: 'https://x.test/?a=1&b="2"' }).html).toBe(
      '<div class="kg-card kg-button-card"><a href="https://x.test/?a=1&amp;b=&quot;2&quot;" class="kg-btn kg-btn-accent">&lt;b&gt;"Go"&lt;/b&gt;</a></div>',
    )
    expect(renderCard('constructor', {}, newRendering())).toBeUndefined()
    expect(renderCard('__proto__', {}, newRendering())).toBeUndefined()
  })
})

describe('headingId', () => {
  it('makes Ghost\'s id, numbers repeats, and gives none a post may not hold', () => {
    const rendering = newRendering()
    expect(['Getting started', 'Getting started', 'Über uns', 'a_b (c)', '???'].map((words) => headingId(words, rendering))).toEqual(['getting-started', 'getting-started-1', 'über-uns', 'ab-c', undefined])
    expect(headingId('Hello, World!', newRendering('ghost2'))).toBe('hello-world-')
  })
})
