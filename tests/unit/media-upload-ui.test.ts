import { describe, expect, it } from 'vitest'
import { DEFAULT_MEDIA_MAX_BYTES, formatBytes } from '../../core/contract/index.ts'
import { mediaDisplayName, previewUrlOf, thumbnailSize } from '../../pages/admin/blog/media/media-name.ts'
import { NETWORK_ERROR_MESSAGE, TOO_LARGE_MESSAGE, uploadFailureMessage } from '../../pages/admin/blog/media/upload-media.ts'

describe('uploadFailureMessage: what the admin reads when an upload is refused', () => {
  it("gives the server's plain-text reason for 413 and 415", () => {
    expect(uploadFailureMessage(413, 'The image is larger than 5 MB.')).toBe('The image is larger than 5 MB.')
    expect(uploadFailureMessage(415, 'Not a JPEG, PNG or GIF image.\n')).toBe('Not a JPEG, PNG or GIF image.')
  })

  it('says it in its own words when the server gave none or an HTML page', () => {
    expect(uploadFailureMessage(413, '')).toBe(TOO_LARGE_MESSAGE)
    expect(uploadFailureMessage(413, '<html><body>Request Entity Too Large</body></html>')).toBe(TOO_LARGE_MESSAGE)
    expect(uploadFailureMessage(415, '')).toBe('This file is not a JPEG, PNG, GIF, WebP, AVIF or TIFF image.')
  })

  it('tells a signed-out admin that the form is kept, and any other status with the reason', () => {
    expect(uploadFailureMessage(401, 'Unauthorized')).toMatch(/signed out.*keeps what you typed/)
    expect(uploadFailureMessage(500, 'Internal Server Error')).toBe('Upload failed (500): Internal Server Error. Nothing was lost; try again.')
    expect(NETWORK_ERROR_MESSAGE).toBe('Upload failed: network error. Nothing was lost; try again.')
  })
})

describe('library names and thumbnails', () => {
  it('names a library image by what was uploaded', () => {
    expect(mediaDisplayName('/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg')).toBe('holiday.jpg')
    expect(mediaDisplayName('https://example.com/a/b.png')).toBe('b.png')
  })

  it('previews a library image by its 320 px variant, when it has one', () => {
    expect(previewUrlOf('/media/2025/holiday-3f9a2c1b5e-1600x1067.jpg')).toBe('/media/w320/2025/holiday-3f9a2c1b5e-1600x1067.jpg')
    expect(previewUrlOf('/media/2025/icon-3f9a2c1b5e-200x200.png')).toBe('/media/2025/icon-3f9a2c1b5e-200x200.png')
    expect(previewUrlOf('/media/2025/spin-3f9a2c1b5e-800x600.gif')).toBe('/media/2025/spin-3f9a2c1b5e-800x600.gif')
    expect(previewUrlOf('https://example.com/a.png')).toBe('https://example.com/a.png')
  })

  it('keeps the room of a thumbnail: 320 px wide at most, the same proportions', () => {
    expect(thumbnailSize({ width: 1600, height: 1067 })).toEqual({ width: 320, height: 213 })
    expect(thumbnailSize({ width: 200, height: 100 })).toEqual({ width: 200, height: 100 })
    expect(thumbnailSize({ width: 5000, height: 1 })).toEqual({ width: 320, height: 1 })
  })

  it('writes sizes an admin reads at a glance, in 1024s as the upload limit is', () => {
    expect(formatBytes(512)).toBe('512 bytes')
    expect(formatBytes(830_400)).toBe('811 KB')
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB')
    expect(formatBytes(2_430_000)).toBe('2.3 MB')
    // The default upload limit reads as the server's 413 and the admin's own message say it.
    expect(formatBytes(DEFAULT_MEDIA_MAX_BYTES)).toBe('10 MB')
    expect(TOO_LARGE_MESSAGE).toBe('The image is too large (max 10 MB).')
  })
})
