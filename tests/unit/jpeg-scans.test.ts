import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { countJpegScans, MAX_JPEG_SCANS } from '../../server/media/jpeg-scans.ts'
import { progressiveJpeg, scanBomb } from '../support/jpeg-scan-bomb.ts'

const SOI = [0xff, 0xd8]
const EOI = [0xff, 0xd9]
/** A scan's header: one component, tables 0/0, Ss=1, Se=63, Ah/Al 0. */
const SOS = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x01, 0x3f, 0x00]
/** An APPn segment holding `data`. */
const app = (n: number, data: number[]) => [0xff, 0xe0 + n, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data]

describe('countJpegScans', () => {
  it('counts the scans encoders write: 1 for a baseline JPEG, 10 for a progressive one, 6 for a grey one', async () => {
    const image = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#c84' } })
    expect(countJpegScans(await image().jpeg().toBuffer())).toBe(1)
    expect(countJpegScans(await progressiveJpeg({ width: 64, height: 64 }))).toBe(10)
    expect(countJpegScans(await image().toColourspace('b-w').jpeg({ progressive: true }).toBuffer())).toBe(6)
    expect(countJpegScans(await image().jpeg({ mozjpeg: true }).toBuffer())).toBeLessThanOrEqual(10)
  })

  it('counts every scan of a scan bomb, thousands in a few hundred kilobytes or 100,000 in 2 MB', async () => {
    const bomb = await scanBomb({ width: 64, height: 64, scans: 5000 })
    expect(bomb.length).toBeLessThan(100_000)
    expect(countJpegScans(bomb)).toBe(5010)
    // The size of the upload that held the server for minutes (1.96 MB), in scans of 18 bytes.
    const large = await scanBomb({ width: 64, height: 64, scans: 100_000 })
    expect(large.length).toBeLessThan(2_000_000)
    expect(countJpegScans(large)).toBe(100_010)
    expect(countJpegScans(large)).toBeGreaterThan(MAX_JPEG_SCANS)
  })

  it('does not count scan headers inside a segment (an EXIF thumbnail, a profile), nor after the end (a second image)', async () => {
    const jpeg = [...(await progressiveJpeg({ width: 16, height: 16 }))]
    const thumbnail = [...(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer())]
    const withSegments = [...SOI, ...app(1, [...'Exif'].map((c) => c.charCodeAt(0)).concat(0, 0, ...thumbnail)), ...app(2, [...SOS, ...SOS]), ...jpeg.slice(2)]
    expect(countJpegScans(Uint8Array.from(withSegments))).toBe(10)
    expect(countJpegScans(Uint8Array.from([...jpeg, ...jpeg, ...jpeg]))).toBe(10)
  })

  it('passes a scan\'s coded data as a decoder does: stuffed zeros, fill bytes and restart markers end no scan', () => {
    const data = [0x12, 0xff, 0x00, 0xda, 0xff, 0xd0, 0x34, 0xff, 0xff, 0xd1, 0xff, 0x00, 0xff, 0x00]
    expect(countJpegScans(Uint8Array.from([...SOI, ...SOS, ...data, ...SOS, ...data, 0xff, 0xff, ...SOS, ...EOI]))).toBe(3)
    // Bytes between segments, a reserved marker, and a length too short to be one: passed by, never skipping a scan.
    expect(countJpegScans(Uint8Array.from([...SOI, 0x00, 0x41, 0xff, 0x02, ...SOS, 0xff, 0xfe, 0x00, 0x00, ...SOS, ...EOI]))).toBe(2)
  })

  it('counts 0 for bytes that are no JPEG, and the scans read so far of one cut short', async () => {
    expect(countJpegScans(new Uint8Array())).toBe(0)
    expect(countJpegScans(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, ...SOS]))).toBe(0)
    const bomb = await scanBomb({ width: 64, height: 64, scans: 1000 })
    expect(countJpegScans(bomb.subarray(0, bomb.length / 2))).toBeGreaterThan(400)
    expect(countJpegScans(Uint8Array.from([...SOI, ...SOS.slice(0, 3)]))).toBe(1)
  })
})
