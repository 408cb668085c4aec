import type { MediaExtension } from '../../core/media-urls.ts'

/** The formats a variant is encoded in: AVIF or WebP where the browser says it takes them, else the original's. */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png'

export const CONTENT_TYPES: Record<VariantFormat | MediaExtension, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
}

/**
 * The variant format for a request's `Accept` (pure). Only an explicit `image/avif` or
 * `image/webp` with a non-zero q counts: `*\/*` and `image/*` are what every client sends and
 * say nothing about what it decodes, so they get the original's format (JPEG or PNG).
 */
export function variantFormatFor(accept: string | undefined, original: Exclude<MediaExtension, 'gif'>): VariantFormat {
  const accepted = new Set<string>()
  for (const part of (accept ?? '').split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param)).find(Boolean)
    if (q && !(Number(q[1]) > 0)) continue
    if (type) accepted.add(type.trim())
  }
  if (accepted.has('image/avif')) return 'avif'
  if (accepted.has('image/webp')) return 'webp'
  return original === 'png' ? 'png' : 'jpeg'
}
