import { describe, expect, it } from 'vitest'
import { variantFormatFor } from '../../server/media/variant-format.ts'

describe('variantFormatFor', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'jpg', 'avif'],
    ['image/webp,*/*', 'jpg', 'webp'],
    ['image/avif;q=0, image/webp;q=0.5', 'png', 'webp'],
    ['IMAGE/AVIF', 'jpg', 'avif'],
    ['image/*,*/*;q=0.8', 'jpg', 'jpeg'],
    ['*/*', 'png', 'png'],
    ['', 'jpg', 'jpeg'],
    [undefined, 'png', 'png'],
    ['image/webp;q=0', 'jpg', 'jpeg'],
  ] as const)('Accept %j for a %s gives %s', (accept, ext, format) => {
    expect(variantFormatFor(accept, ext)).toBe(format)
  })
})
