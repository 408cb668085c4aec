/**
 * `/favicon.ico`, which browsers, feed readers and crawlers ask for whatever a page's head says: a
 * real ICO file made from the site's icon (public/favicon.svg, by scripts/make-favicon.mjs), served
 * with its type and the public files' caching, revalidated by its ETag.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../server/start.ts'
import { signedInServer } from '../support/signed-in-server.ts'

const publicDir = path.resolve(import.meta.dirname, '../../public')

let server: RunningServer
let close: () => Promise<void>

beforeAll(async () => {
  ;({ server, close } = await signedInServer({ signIn: false }))
})

afterAll(() => close?.())

/** The images an ICO file lists, read as the format says (independently of the script that wrote it). */
function readIco(bytes: Buffer): { width: number; height: number; bitsPerPixel: number; data: Buffer }[] {
  expect(bytes.readUInt16LE(0), 'reserved').toBe(0)
  expect(bytes.readUInt16LE(2), 'type: icon').toBe(1)
  const count = bytes.readUInt16LE(4)
  return Array.from({ length: count }, (_, index) => {
    const entry = 6 + 16 * index
    const size = bytes.readUInt32LE(entry + 8)
    const offset = bytes.readUInt32LE(entry + 12)
    expect(offset + size, `image ${index} lies inside the file`).toBeLessThanOrEqual(bytes.length)
    return {
      width: bytes.readUInt8(entry) || 256,
      height: bytes.readUInt8(entry + 1) || 256,
      bitsPerPixel: bytes.readUInt16LE(entry + 6),
      data: bytes.subarray(offset, offset + size),
    }
  })
}

describe('GET /favicon.ico', () => {
  it('answers the committed ICO file as image/x-icon, cached for an hour and revalidated by its ETag', async () => {
    const response = await fetch(`${server.url}/favicon.ico`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/x-icon')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.equals(await readFile(path.join(publicDir, 'favicon.ico')))).toBe(true)

    const etag = response.headers.get('etag')
    expect(etag).toBeTruthy()
    const again = await fetch(`${server.url}/favicon.ico`, { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)

    const head = await fetch(`${server.url}/favicon.ico`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(body.length))
  })

  it('holds the site icon at 16, 32 and 48 px, each a PNG that decodes to its size and looks like favicon.svg', async () => {
    const body = Buffer.from(await (await fetch(`${server.url}/favicon.ico`)).arrayBuffer())
    const images = readIco(body)
    expect(images.map((image) => [image.width, image.height])).toEqual([
      [16, 16],
      [32, 32],
      [48, 48],
    ])
    const svg = await readFile(path.join(publicDir, 'favicon.svg'))
    for (const image of images) {
      expect(image.bitsPerPixel).toBe(32)
      const decoded = await sharp(image.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
      expect([decoded.info.format, decoded.info.width, decoded.info.height]).toEqual(['raw', image.width, image.height])
      // The SVG drawn at the same size by another route (a large bitmap scaled down): the same
      // picture, give or take antialiasing; the corners are transparent (its rounded square).
      const reference = await sharp(svg, { density: 288 }).resize(image.width, image.height).ensureAlpha().raw().toBuffer()
      let difference = 0
      for (let at = 0; at < reference.length; at++) difference += Math.abs(reference[at]! - decoded.data[at]!)
      expect(difference / reference.length, `${image.width} px: mean difference per channel`).toBeLessThan(6)
      expect(decoded.data[3], `${image.width} px: top-left corner`).toBe(0)
    }
  })
})
