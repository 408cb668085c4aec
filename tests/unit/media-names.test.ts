import { describe, expect, it } from 'vitest'
import { isAllowedImageSource } from '../../core/post-html-rules.ts'
import { MAX_MEDIA_SIDE, mediaUrl, parseMediaUrl, parseVariantUrl, variantUrl, variantWidthsOf } from '../../core/media-urls.ts'
import { mediaIdOf, readMediaListQuery } from '../../server/http/media-api.ts'
import { readableName } from '../../server/media/prepare-image.ts'
import { heifBrands, sniffUploadFormat } from '../../server/media/upload-formats.ts'
import { usesByFile } from '../../server/services/media/media-library.ts'

const PHOTO = '/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg'

describe('media URLs (core/media-urls.ts)', () => {
  it('reads a library URL back into what made it, and writes it again', () => {
    const media = parseMediaUrl(PHOTO)
    expect(media).toEqual({ year: '2025', name: 'holiday', hash: '3f9a2c1b5e', width: 1600, height: 1067, ext: 'jpg' })
    expect(mediaUrl(media!)).toBe(PHOTO)
  })

  it('reads no name with a side larger than the library serves', () => {
    expect(parseMediaUrl(`/media/2025/wide-3f9a2c1b5e-${MAX_MEDIA_SIDE}x1.png`)).not.toBeNull()
    expect(parseMediaUrl(`/media/2025/wide-3f9a2c1b5e-${MAX_MEDIA_SIDE + 1}x1.png`)).toBeNull()
    expect(parseMediaUrl('/media/2025/wide-3f9a2c1b5e-1x99999.png')).toBeNull()
  })

  it('reads nothing else as library media', () => {
    for (const url of [
      '/media/2025/holiday.jpg',
      '/media/2025/../holiday-3f9a2c1b5e-1600x1067.jpg',
      '/media/2025/holiday-3f9a2c1b5e-1600x1067.svg',
      '/media/2025/Holiday-3f9a2c1b5e-1600x1067.jpg',
      '/media/2025/holiday-3f9a2c1b5e-0x1067.jpg',
      '/media/25/holiday-3f9a2c1b5e-1600x1067.jpg',
      '/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg?x=1',
      '/media/2025/a/holiday-3f9a2c1b5e-1600x1067.jpg',
      '//evil.example/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg',
      'https://watchio.app/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg',
    ]) {
      expect(parseMediaUrl(url), url).toBeNull()
    }
  })

  it('names variants by width, only narrower than the original, none for a GIF', () => {
    const media = parseMediaUrl(PHOTO)!
    expect(variantWidthsOf(media)).toEqual([320, 640, 960, 1280])
    expect(variantUrl(media, 640)).toBe('/media/w640/2025/holiday-3f9a2c1b5e-1600x1067.jpg')
    expect(parseVariantUrl('/media/w640/2025/holiday-3f9a2c1b5e-1600x1067.jpg')).toEqual({ media, width: 640 })
    expect(parseVariantUrl('/media/w640/2025/../x.jpg')).toBeNull()
    expect(variantWidthsOf(parseMediaUrl('/media/2025/spin-3f9a2c1b5e-1600x1067.gif')!)).toEqual([])
  })

  it('lets editors use the site’s images (library, /media/ and /images/), and no other relative path', () => {
    expect(isAllowedImageSource(PHOTO)).toBe(true)
    expect(isAllowedImageSource('/media/2025/holiday.jpg')).toBe(true)
    expect(isAllowedImageSource('/images/blog/holiday.jpg')).toBe(true)
    expect(isAllowedImageSource('/etc/passwd.jpg')).toBe(false)
    expect(isAllowedImageSource('//evil.example/x.jpg')).toBe(false)
  })
})

describe('uploads (server/media/prepare-image.ts)', () => {
  it('makes a readable, safe name of any file name', () => {
    expect(readableName('Holiday at the Sea.JPG')).toBe('holiday-at-the-sea')
    expect(readableName('../../../etc/passwd.png')).toBe('passwd')
    expect(readableName('C:\\Users\\me\\Été à Paris!.jpg')).toBe('ete-a-paris')
    expect(readableName('.git')).toBe('image')
    expect(readableName('🙂.png')).toBe('image')
    expect(readableName('')).toBe('image')
    expect(readableName(`${'word-'.repeat(30)}end.jpg`).length).toBeLessThanOrEqual(40)
    expect(readableName(`${'x'.repeat(100)}.jpg`)).toBe('x'.repeat(40))
  })

  it('recognises JPEG, PNG, GIF, WebP, TIFF and HEIF (AVIF, HEIC) by their first bytes, and nothing else', () => {
    const box = (major: string, ...compatible: string[]) => {
      const size = 16 + 4 * compatible.length
      return Buffer.concat([Buffer.from([0, 0, 0, size]), Buffer.from(`ftyp${major}\0\0\0\0${compatible.join('')}`, 'latin1'), Buffer.alloc(8)])
    }
    expect(sniffUploadFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(sniffUploadFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png')
    expect(sniffUploadFormat(Buffer.from('GIF89a'))).toBe('gif')
    expect(sniffUploadFormat(Buffer.from('GIF87a'))).toBe('gif')
    expect(sniffUploadFormat(Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'))).toBe('webp')
    expect(sniffUploadFormat(Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]))).toBe('tiff')
    expect(sniffUploadFormat(Buffer.from([0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8]))).toBe('tiff')
    expect(sniffUploadFormat(box('avif', 'mif1', 'miaf'))).toBe('heif')
    expect(sniffUploadFormat(box('heic', 'mif1', 'heic'))).toBe('heif')
    // A generic major brand: the compatible ones say it is an image.
    expect(sniffUploadFormat(box('mif1', 'heic'))).toBe('heif')
    expect(heifBrands(box('heic', 'mif1', 'miaf'))).toEqual(['heic', 'mif1', 'miaf'])
    // An MP4 video is an ISO media file too, but not an image.
    expect(sniffUploadFormat(box('isom', 'iso2', 'mp41'))).toBeNull()
    for (const text of ['<svg xmlns="http://www.w3.org/2000/svg"/>', '<!doctype html>', 'RIFF....WAVEfmt ', 'RIFF....WEBP'.slice(0, 8), '', 'GIF8', 'II*']) {
      expect(sniffUploadFormat(Buffer.from(text)), text).toBeNull()
    }
    // A box whose size runs past the bytes, or is no multiple of 4, is no ftyp box.
    const lying = box('heic', 'mif1')
    lying[3] = 200
    expect(sniffUploadFormat(lying)).toBeNull()
  })
})

describe('which posts use an image', () => {
  const post = (id: string, content: string, featuredImageUrl = '') =>
    ({ id, slug: `post-${id}`, title: `Post ${id}`, summary: '', publishDate: '2025-01-01', isPublished: true, featuredImageUrl, content })

  it('finds library images in content and featured images, by original or variant URL, once per post', () => {
    const uses = usesByFile([
      post('a', `<p><img src="${PHOTO}" alt=""><img src="${PHOTO}" alt=""></p>`),
      post('b', '<p>none</p>', 'https://watchio.app/media/w640/2025/holiday-3f9a2c1b5e-1600x1067.jpg'),
      post('c', '<p>/media/2024/other-aaaaaaaaaa-10x10.png</p>'),
    ])
    expect(uses.get('2025/holiday-3f9a2c1b5e-1600x1067.jpg')).toEqual([
      { id: 'a', slug: 'post-a', title: 'Post a' },
      { id: 'b', slug: 'post-b', title: 'Post b' },
    ])
    expect(uses.get('2024/other-aaaaaaaaaa-10x10.png')).toEqual([{ id: 'c', slug: 'post-c', title: 'Post c' }])
  })
})

describe('GET /api/admin/media query', () => {
  it('reads q, page and perPage, refusing anything else they could be', () => {
    expect(readMediaListQuery({ q: ' beach ', page: '2', perPage: '10', other: 'x' })).toEqual({ q: 'beach', page: 2, perPage: 10 })
    for (const query of [{ page: '0' }, { perPage: '101' }, { page: '1e3' }, { q: 'x'.repeat(201) }, { page: ['1', '2'] }]) {
      expect(() => readMediaListQuery(query), JSON.stringify(query)).toThrow()
    }
  })
})

describe('DELETE /api/admin/media/{id}', () => {
  it('takes the id, the file name or <year>/<file>, and nothing else', () => {
    expect(mediaIdOf('3f9a2c1b5e')).toBe('3f9a2c1b5e')
    expect(mediaIdOf('holiday-3f9a2c1b5e-1600x1067.jpg')).toBe('3f9a2c1b5e')
    expect(mediaIdOf(encodeURIComponent('2025/holiday-3f9a2c1b5e-1600x1067.jpg'))).toBe('3f9a2c1b5e')
    for (const param of ['../../x', '%E0%A4%A', '3F9A2C1B5E', 'holiday.jpg', '..%2F..%2Fholiday-3f9a2c1b5e-1600x1067.svg']) {
      expect(() => mediaIdOf(param), param).toThrow('No image in the library has this id')
    }
  })
})
