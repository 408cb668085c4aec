import { describe, expect, it } from 'vitest'
import { responsiveImage, socialImageUrl } from '../../core/responsive-image.ts'

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

describe('socialImageUrl', () => {
  it('is the 1280px variant of a library photo wider than that, else the URL itself', () => {
    expect(socialImageUrl(PHOTO)).toBe('/media/w1280/2025/holiday-3f9a2c1b5e-4000x3000.jpg')
    expect(socialImageUrl(SMALL)).toBe(SMALL)
    expect(socialImageUrl('/media/2024/dance-abcdef0123-2000x1500.gif')).toBe('/media/2024/dance-abcdef0123-2000x1500.gif')
    expect(socialImageUrl('https://x.example/a.jpg')).toBe('https://x.example/a.jpg')
  })
})
