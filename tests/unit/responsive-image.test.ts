import { describe, expect, it } from 'vitest'
import { responsiveContent } from '../../renderer/responsive-content.ts'
import { responsiveImage, socialImageUrl } from '../../renderer/responsive-image.ts'

const PHOTO = '/media/2025/holiday-3f9a2c1b5e-4000x3000.jpg'
const SMALL = '/media/2025/icon-0123456789-500x400.png'
const GIF = '/media/2024/dance-abcdef0123-800x600.gif'

describe('responsiveImage', () => {
  it('lists every variant narrower than the original, then the original at its own width', () => {
    expect(responsiveImage(PHOTO, 'article')).toEqual({
      src: PHOTO,
      srcset: [320, 640, 960, 1280, 1920].map((w) => `/media/w${w}/2025/holiday-3f9a2c1b5e-4000x3000.jpg ${w}w`).join(', ') + `, ${PHOTO} 4000w`,
      sizes: '(max-width: 736px) calc(100vw - 40px), 696px',
      width: 4000,
      height: 3000,
    })
  })

  it('never lists a variant as wide as the original or wider', () => {
    expect(responsiveImage(SMALL, 'article')?.srcset).toBe(`/media/w320/2025/icon-0123456789-500x400.png 320w, ${SMALL} 500w`)
    // No variant is narrower than 320px: the original alone, no srcset needed.
    expect(responsiveImage('/media/2025/x-0123456789-320x200.jpg', 'card')).toEqual({ src: '/media/2025/x-0123456789-320x200.jpg', width: 320, height: 200 })
  })

  it('sizes an image in the text at most at its own width, the featured image at the column width', () => {
    expect(responsiveImage(SMALL, 'prose')?.sizes).toBe('(max-width: 540px) calc(100vw - 40px), 500px')
    expect(responsiveImage(SMALL, 'article')?.sizes).toBe('(max-width: 736px) calc(100vw - 40px), 696px')
    expect(responsiveImage(PHOTO, 'prose')?.sizes).toBe('(max-width: 736px) calc(100vw - 40px), 696px')
  })

  it('sizes a card by the blog grid’s columns', () => {
    expect(responsiveImage(PHOTO, 'card')?.sizes).toBe('(max-width: 703px) calc(100vw - 40px), (max-width: 1047px) calc(50vw - 32px), 360px')
  })

  it('gives a GIF its size but no variants', () => {
    expect(responsiveImage(GIF, 'article')).toEqual({ src: GIF, width: 800, height: 600 })
  })

  it.each([
    'https://cdn.example/media/2025/holiday-3f9a2c1b5e-4000x3000.jpg',
    '/images/blog/cover.svg',
    '/media/2025/holiday.jpg',
    '/media/w640/2025/holiday-3f9a2c1b5e-4000x3000.jpg',
    '/media/2025/../holiday-3f9a2c1b5e-4000x3000.jpg',
    '',
  ])('is null for %j, which is not a library original', (url) => {
    expect(responsiveImage(url, 'article')).toBeNull()
  })
})

describe('responsiveContent', () => {
  it('gives a library image srcset, sizes, width, height and lazy loading, keeping its alt and title', () => {
    const html = `<p>Look:</p>\n<p><img src="${SMALL}" alt="A &#x22;tiny&#x22; icon &#x26; more > less" title="T"></p>`
    expect(responsiveContent(html)).toBe(
      `<p>Look:</p>\n<p><img src="${SMALL}" srcset="/media/w320/2025/icon-0123456789-500x400.png 320w, ${SMALL} 500w" ` +
        `sizes="(max-width: 540px) calc(100vw - 40px), 500px" width="500" height="400" ` +
        `alt="A &#x22;tiny&#x22; icon &#x26; more > less" title="T" loading="lazy" decoding="async"></p>`,
    )
  })

  it('leaves other images as they are, only lazy', () => {
    expect(responsiveContent('<p><img src="https://x.example/a.png" alt="a"></p>')).toBe(
      '<p><img src="https://x.example/a.png" alt="a" loading="lazy" decoding="async"></p>',
    )
    expect(responsiveContent('<img src="data:image/png;base64,AAAA" loading="eager" decoding="sync">')).toBe(
      '<img src="data:image/png;base64,AAAA" loading="eager" decoding="sync">',
    )
  })

  it('rewrites every image of the content, and nothing else', () => {
    const html = `<h2>img</h2>\n<p>&lt;img src="${PHOTO}"&gt;</p>\n<p><img src="${PHOTO}" alt=""><img src="${GIF}" alt="g"></p>`
    const out = responsiveContent(html)
    expect(out.match(/<img /g)).toHaveLength(2)
    expect(out).toContain(`<p>&lt;img src="${PHOTO}"&gt;</p>`)
    expect(out).toContain(`<img src="${GIF}" width="800" height="600" alt="g" loading="lazy" decoding="async">`)
    expect(out).toContain(`width="4000" height="3000" alt="" loading="lazy"`)
  })

  it('gives the same result when run again (server render, then the browser’s)', () => {
    const html = `<p><img src="${PHOTO}" alt="x"></p><p><img src="https://x.example/a.jpg"></p>`
    const once = responsiveContent(html)
    expect(responsiveContent(once)).toBe(once)
  })

  it('returns content without images untouched', () => {
    const html = '<p>No images here, only <code>&lt;img&gt;</code>.</p>'
    expect(responsiveContent(html)).toBe(html)
  })
})

describe('socialImageUrl', () => {
  it('is the 1280px variant of a library photo wider than that, else the URL itself', () => {
    expect(socialImageUrl(PHOTO)).toBe('/media/w1280/2025/holiday-3f9a2c1b5e-4000x3000.jpg')
    expect(socialImageUrl(SMALL)).toBe(SMALL)
    expect(socialImageUrl('/media/2024/dance-abcdef0123-2000x1500.gif')).toBe('/media/2024/dance-abcdef0123-2000x1500.gif')
    expect(socialImageUrl('https://x.example/a.jpg')).toBe('https://x.example/a.jpg')
  })
})
