import { describe, expect, it } from 'vitest'
import { avUrl, isAvUrlOf, parseAvUrl } from '../../core/av-media.ts'
import { parseMediaUrl } from '../../core/media-urls.ts'
import { rangeOf } from '../../server/http/byte-ranges.ts'
import { sniffAvFormat, webVttProblem } from '../../server/media/av-formats.ts'
import { sniffUploadFormat } from '../../server/media/upload-formats.ts'
import { usesByFile } from '../../server/services/media/media-library.ts'
import { CAPTIONS_VTT, clipMp4, clipWebm, isoMedia, opusOggHead, silentMp3, toneWav } from '../support/av-files.ts'

const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'))

describe('video, audio and captions told by their bytes (server/media/av-formats.ts)', () => {
  it('knows each format the library takes from its first bytes', () => {
    expect(sniffAvFormat(clipMp4())).toBe('mp4')
    expect(sniffAvFormat(clipWebm())).toBe('webm')
    expect(sniffAvFormat(isoMedia('mp42'))).toBe('mp4')
    expect(sniffAvFormat(isoMedia('M4A '))).toBe('m4a')
    expect(sniffAvFormat(silentMp3())).toBe('mp3')
    expect(sniffAvFormat(silentMp3({ withId3: true }))).toBe('mp3')
    expect(sniffAvFormat(opusOggHead())).toBe('ogg')
    expect(sniffAvFormat(toneWav())).toBe('wav')
    expect(sniffAvFormat(text(CAPTIONS_VTT))).toBe('vtt')
    expect(sniffAvFormat(text(`\ufeff${CAPTIONS_VTT}`))).toBe('vtt')
    // None of them is taken for an image, nor an image for one of them.
    for (const bytes of [clipMp4(), clipWebm(), silentMp3(), opusOggHead(), toneWav()]) expect(sniffUploadFormat(bytes)).toBeNull()
  })

  it('refuses what only looks like them, whatever a name would say', () => {
    const exe = Buffer.concat([Buffer.from('MZ\u0090\u0000', 'latin1'), Buffer.alloc(200)])
    const html = text('<!doctype html><html><script>alert(1)</script></html>')
    const matroska = Buffer.from(clipWebm())
    matroska.write('matr', matroska.indexOf('webm'), 'latin1')
    const heic = isoMedia('heic')
    const theora = opusOggHead()
    theora.write('\u0080theora\u0000', 28, 'latin1')
    // ADTS AAC shares MP3's sync bits, with layer 0.
    const adts = Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x00, 0x1f, 0xfc, ...Array(64).fill(0)])
    const riffAvi = toneWav()
    riffAvi.write('AVI ', 8)
    for (const bytes of [exe, html, matroska, heic, theora, adts, riffAvi, text('WEBVTTX\n'), text('Hello WEBVTT'), new Uint8Array(0), text('ID3')]) {
      expect(sniffAvFormat(bytes)).toBeNull()
    }
  })

  it('takes captions that are UTF-8 text with cue tags only, and says why others are refused', () => {
    expect(webVttProblem(text(CAPTIONS_VTT))).toBeNull()
    expect(webVttProblem(text('WEBVTT\n\n00:00.000 --> 00:01.000\n<c.yellow>Hi</c> <00:00.500>there <ruby>漢<rt>kan</rt></ruby> <lang en>x</lang>\n'))).toBeNull()
    expect(webVttProblem(new Uint8Array([...text('WEBVTT\n\n00:00.000 --> 00:01.000\n'), 0xff, 0xfe]))).toMatch(/not UTF-8/)
    expect(webVttProblem(text('WEBVTT\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script>\n'))).toMatch(/markup that is not a cue tag: <script>/)
    expect(webVttProblem(text('WEBVTT\n\n00:00.000 --> 00:01.000\n<img src=x onerror=alert(1)>\n'))).toMatch(/not a cue tag/)
    expect(webVttProblem(text('WEBVTT\n\nSTYLE\n::cue { background: url(https://tracker.example/x) }\n'))).toMatch(/url\(/)
    expect(webVttProblem(text('WEBVTT\n\n00:00.000 --> 00:01.000\nbell\u0007\n'))).toMatch(/control characters/)
    expect(webVttProblem(text('Hello\n'))).toMatch(/WEBVTT/)
  })
})

describe('the library names of videos, audio and captions (core/av-media.ts)', () => {
  it('reads a URL back, and reads no image name and nothing else as one', () => {
    const media = parseAvUrl('/media/2026/product-tour-3f9a2c1b5e.mp4')
    expect(media).toEqual({ year: '2026', name: 'product-tour', hash: '3f9a2c1b5e', ext: 'mp4' })
    expect(avUrl(media!)).toBe('/media/2026/product-tour-3f9a2c1b5e.mp4')
    expect(parseMediaUrl('/media/2026/product-tour-3f9a2c1b5e.mp4')).toBeNull()
    for (const url of [
      '/media/2026/holiday-3f9a2c1b5e-1600x1067.jpg',
      '/media/2026/tour-3f9a2c1b5e.mkv',
      '/media/2026/tour.mp4',
      '/media/2026/../tour-3f9a2c1b5e.mp4',
      '/media/w320/2026/tour-3f9a2c1b5e.mp4',
      'https://example.com/media/2026/tour-3f9a2c1b5e.mp4',
    ]) {
      expect(parseAvUrl(url), url).toBeNull()
    }
  })

  it('tells a kind by the extension the server chose from the bytes', () => {
    expect(isAvUrlOf('video', '/media/2026/a-3f9a2c1b5e.webm')).toBe(true)
    expect(isAvUrlOf('video', '/media/2026/a-3f9a2c1b5e.mp3')).toBe(false)
    expect(isAvUrlOf('audio', '/media/2026/a-3f9a2c1b5e.m4a')).toBe(true)
    expect(isAvUrlOf('captions', '/media/2026/a-3f9a2c1b5e.vtt')).toBe(true)
    expect(isAvUrlOf('captions', '/media/2026/a-3f9a2c1b5e.mp4')).toBe(false)
  })

  it('counts a post whose video, poster or captions point at a file as one using it', () => {
    const post = {
      id: 'p1', slug: 'tour', title: 'Tour', summary: '', publishDate: '2026-01-01', isPublished: true, featuredImageUrl: '',
      content: '<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.mp4"><track kind="captions" src="/media/2026/tour-aaaaaaaaaa.vtt" srclang="en" label="English"></video></figure>',
    }
    const uses = usesByFile([post])
    expect(uses.get('2026/tour-3f9a2c1b5e.mp4')).toEqual([{ id: 'p1', slug: 'tour', title: 'Tour' }])
    expect(uses.get('2026/tour-aaaaaaaaaa.vtt')).toHaveLength(1)
  })
})

describe('byte ranges (server/http/byte-ranges.ts)', () => {
  const etag = '"abc-1"'
  const answer = (header: string, ifRange = '') => rangeOf({ header, size: 1000, etag, ifRange })

  it('answers one range, an open one and a suffix, clamped to the file', () => {
    expect(answer('bytes=0-99')).toEqual({ kind: 'part', start: 0, end: 99 })
    expect(answer('bytes=500-')).toEqual({ kind: 'part', start: 500, end: 999 })
    expect(answer('bytes=-100')).toEqual({ kind: 'part', start: 900, end: 999 })
    expect(answer('bytes=-5000')).toEqual({ kind: 'part', start: 0, end: 999 })
    expect(answer('bytes=990-5000')).toEqual({ kind: 'part', start: 990, end: 999 })
  })

  it('is unsatisfiable past the end, and sends the whole file for several ranges, another unit or nonsense', () => {
    expect(answer('bytes=1000-')).toEqual({ kind: 'unsatisfiable' })
    expect(answer('bytes=-0')).toEqual({ kind: 'unsatisfiable' })
    for (const header of ['', 'bytes=0-1,5-9', 'items=0-5', 'bytes=9-2', 'bytes=-', 'bytes=a-b']) expect(answer(header), header).toEqual({ kind: 'whole' })
  })

  it('honours If-Range only when it names this very file', () => {
    expect(answer('bytes=0-9', etag)).toEqual({ kind: 'part', start: 0, end: 9 })
    expect(answer('bytes=0-9', '"other-1"')).toEqual({ kind: 'whole' })
    expect(answer('bytes=0-9', 'Wed, 21 Oct 2015 07:28:00 GMT')).toEqual({ kind: 'whole' })
  })
})
