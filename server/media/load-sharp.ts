import type SharpModule from 'sharp'

export type SharpFunction = typeof SharpModule

let loaded: Promise<SharpFunction> | undefined

/**
 * sharp, loaded the first time an image is encoded or read, not when the server starts: loading
 * it (the native addon, libvips, and the version checks around them) cost about a tenth of the
 * start's module loading, and a start serves no image before it listens.
 *
 * Configured once, as it loads, for a server that encodes a few images at a time: no operation
 * cache (each variant is made once, then read from disk; the cache would only hold decoded
 * images in memory), and one libvips thread per image, as the variants' pool and the uploads'
 * already run their images at once.
 */
export function loadSharp(): Promise<SharpFunction> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false)
    sharp.concurrency(1)
    return sharp
  })
  return loaded
}

/**
 * Whether sharp stopped a pipeline for its `timeout({ seconds })`: libvips kills the image and
 * sharp rejects with "timeout: <n>% complete".
 */
export function isSharpTimeout(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('timeout:')
}
