import { AV_FORMATS, type AvExtension } from '../../core/av-media.ts'
import { heifBrands } from './upload-formats.ts'

/**
 * The video, audio and captions formats an upload may be, told by their first bytes (their
 * container's header), never by the file's name or the type the browser sends. Pure. Nothing is
 * decoded or transcoded: a browser's player reads the file, in a page whose policy lets it run
 * nothing (serve-media.ts), so what matters here is that the file is the container it claims,
 * which the browser then plays or refuses on its own.
 */

/** How many first bytes sniffAvFormat needs to decide. */
export const AV_HEAD_BYTES = 4096

/** ISO media brands of a video a browser plays (MP4: H.264/AAC as phones and editors export it). */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'MSNV'])
/** ISO media brands of audio alone (iTunes' and ffmpeg's `.m4a`: AAC in MP4). */
const M4A_BRANDS = new Set(['M4A ', 'M4B '])

const text = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length))

/** The format the bytes start like, or null when they are none the library takes. */
export function sniffAvFormat(bytes: Uint8Array): AvExtension | null {
  const brands = heifBrands(bytes)
  if (brands.length > 0) {
    // The major brand says what the file is; a compatible one may only widen it.
    if (M4A_BRANDS.has(brands[0]!)) return 'm4a'
    return MP4_BRANDS.has(brands[0]!) ? 'mp4' : null
  }
  if (isWebm(bytes)) return 'webm'
  if (isOggAudio(bytes)) return 'ogg'
  if (isWav(bytes)) return 'wav'
  if (isMp3(bytes)) return 'mp3'
  if (startsAsWebVtt(bytes)) return 'vtt'
  return null
}

/**
 * An EBML document (Matroska's container) whose header names the DocType `webm`: the header's
 * elements are read by their ids and sizes (variable-length integers), not searched for.
 */
function isWebm(bytes: Uint8Array): boolean {
  if (!(bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)) return false
  const header = readVint(bytes, 4)
  if (!header || header.value > 256) return false
  const end = header.next + header.value
  if (end > bytes.length) return false
  let at = header.next
  while (at < end) {
    const id = readId(bytes, at)
    if (!id) return false
    const size = readVint(bytes, id.next)
    if (!size || size.next + size.value > end) return false
    if (id.value === 0x4282) return text(bytes, size.next, size.value).replace(/\0+$/, '') === 'webm'
    at = size.next + size.value
  }
  return false
}

/** An EBML element id: its length marker kept (0x4282 is DocType). */
function readId(bytes: Uint8Array, at: number): { value: number; next: number } | null {
  const first = bytes[at]
  if (first === undefined || first === 0) return null
  const length = Math.clz32(first) - 23
  if (length > 4 || at + length > bytes.length) return null
  let value = 0
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i]!
  return { value, next: at + length }
}

/** An EBML size: its length marker removed. Sizes of 8 bytes are not needed in a header. */
function readVint(bytes: Uint8Array, at: number): { value: number; next: number } | null {
  const first = bytes[at]
  if (first === undefined || first === 0) return null
  const length = Math.clz32(first) - 23
  if (length > 4 || at + length > bytes.length) return null
  let value = first & (0xff >> length)
  for (let i = 1; i < length; i++) value = value * 256 + bytes[at + i]!
  return { value, next: at + length }
}

/**
 * A RIFF WAVE file whose first chunk is a format a browser plays: PCM, float or the extensible
 * form of those, 1 to 8 channels, a real sample rate.
 */
function isWav(bytes: Uint8Array): boolean {
  if (text(bytes, 0, 4) !== 'RIFF' || text(bytes, 8, 4) !== 'WAVE' || text(bytes, 12, 4) !== 'fmt ' || bytes.length < 36) return false
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const format = view.getUint16(20, true)
  const channels = view.getUint16(22, true)
  const rate = view.getUint32(24, true)
  return view.getUint32(16, true) >= 16 && [1, 3, 0xfffe].includes(format) && channels >= 1 && channels <= 8 && rate >= 1000 && rate <= 384_000
}

/** An Ogg stream whose first page opens a Vorbis, Opus or FLAC stream: audio, not Theora video. */
function isOggAudio(bytes: Uint8Array): boolean {
  if (text(bytes, 0, 4) !== 'OggS' || bytes[4] !== 0 || bytes.length < 28) return false
  const segments = bytes[26]!
  const packet = 27 + segments
  return ['\u0001vorbis', 'OpusHead', '\u007fFLAC'].some((codec) => text(bytes, packet, codec.length) === codec)
}

/**
 * MP3: an ID3v2 tag (`ID3`, version 2 to 4, its size in four 7-bit bytes), or an MPEG audio
 * frame header of Layer III with a valid bitrate and sample rate (which ADTS AAC, also starting
 * with 0xFFF, is not).
 */
function isMp3(bytes: Uint8Array): boolean {
  if (text(bytes, 0, 3) === 'ID3') {
    const version = bytes[3]!
    return version >= 2 && version <= 4 && bytes[5] !== undefined && [6, 7, 8, 9].every((i) => bytes[i] !== undefined && bytes[i]! < 0x80)
  }
  return isMp3Frame(bytes, 0)
}

function isMp3Frame(bytes: Uint8Array, at: number): boolean {
  const [sync, b1, b2] = [bytes[at], bytes[at + 1], bytes[at + 2]]
  if (sync !== 0xff || b1 === undefined || b2 === undefined || (b1 & 0xe0) !== 0xe0) return false
  const version = (b1 >> 3) & 0x03
  const layer = (b1 >> 1) & 0x03
  const bitrate = b2 >> 4
  const sampleRate = (b2 >> 2) & 0x03
  return version !== 0x01 && layer === 0x01 && bitrate !== 0 && bitrate !== 0x0f && sampleRate !== 0x03
}

/** `WEBVTT` (after an optional byte order mark), then the end of the line or a space or tab. */
function startsAsWebVtt(bytes: Uint8Array): boolean {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0
  if (text(bytes, start, 6) !== 'WEBVTT') return false
  const after = bytes[start + 6]
  return after === undefined || after === 0x0a || after === 0x0d || after === 0x20 || after === 0x09
}

/**
 * The tags a cue's text may hold (WebVTT's own: class, italic, bold, underline, ruby, voice,
 * language) and its timestamps. A browser never reads cue text as HTML; anything else that looks
 * like markup (`<script`, `<img`) is refused all the same, so that no page or tool that does is
 * ever handed it by the library.
 */
const CUE_TAG = /^<\/?(?:(?:c|i|b|u|ruby|rt|v|lang)(?:[.\s][^<>]*)?|\d{2,}:\d{2}(?::\d{2})?\.\d{3})>$/

/**
 * Why a whole file of format `ext` (told by sniffAvFormat) cannot go into the library, or null:
 * the check an upload and an import both make beyond the format's first bytes (a captions file's
 * whole text; a video or audio file is taken as its header says).
 */
export function avContentProblem(ext: AvExtension, bytes: Uint8Array): string | null {
  return AV_FORMATS[ext].kind === 'captions' ? webVttProblem(bytes) : null
}

/**
 * Why a WebVTT file cannot be a library's captions, or null when it can: the whole file must be
 * UTF-8 text with no control characters but tabs and line ends, its markup only cue tags, and a
 * STYLE block may load nothing (`url(`, `@import`).
 */
export function webVttProblem(bytes: Uint8Array): string | null {
  let content: string
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return 'The captions file is not UTF-8 text.'
  }
  if (!startsAsWebVtt(bytes)) return 'The captions file does not start with WEBVTT.'
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(content)) return 'The captions file holds control characters.'
  for (const tag of content.match(/<[^>]*>?/g) ?? []) {
    if (!CUE_TAG.test(tag)) return `The captions file holds markup that is not a cue tag: ${tag.slice(0, 40)}`
  }
  if (/url\s*\(|@import/i.test(content)) return 'The captions file loads something from elsewhere (url( or @import).'
  return null
}
