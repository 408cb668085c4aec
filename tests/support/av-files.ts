import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Videos, audio and captions for the media tests. The videos are real (tests/fixtures/README.md
 * says how they were recorded); the audio files are built here from their formats' headers: the
 * WAV is whole PCM sound, the MP3 a run of silent Layer III frames, the Ogg and M4A only the
 * headers a sniffer reads (no player needs to decode them in a test).
 */

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'media')

export const clipMp4 = (): Buffer => readFileSync(path.join(FIXTURES, 'clip.mp4'))
export const clipWebm = (): Buffer => readFileSync(path.join(FIXTURES, 'clip.webm'))

/** Half a second of a 440 Hz tone, 8 kHz 16-bit mono PCM: `seed` changes its pitch (and so its hash). */
export function toneWav(seed = 0): Buffer {
  const rate = 8000
  const samples = rate / 2
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * (440 + seed) * i) / rate)), i * 2)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data.length, 4)
  header.write('WAVE', 8)
  header.write('fmt ', 12)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data.length, 40)
  return Buffer.concat([header, data])
}

/** MPEG-1 Layer III frames, 128 kbit/s at 44.1 kHz (417 bytes each), silent; `withId3`: an ID3v2.4 tag first. */
export function silentMp3(options: { frames?: number; withId3?: boolean } = {}): Buffer {
  const frame = Buffer.alloc(417)
  frame.set([0xff, 0xfb, 0x90, 0x64])
  const frames = Array.from({ length: options.frames ?? 8 }, () => frame)
  if (!options.withId3) return Buffer.concat(frames)
  // `ID3`, version 4.0, no flags, a tag of 10 bytes (a size in four 7-bit bytes) of padding.
  const tag = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a, ...Array(10).fill(0)])
  return Buffer.concat([tag, ...frames])
}

/** An Ogg page opening an Opus stream (`OggS`, version 0, one segment holding `OpusHead`). */
export function opusOggHead(): Buffer {
  const head = Buffer.from('OpusHead\u0001\u0002\u0038\u0001\u0080\u00bb\u0000\u0000\u0000\u0000\u0000', 'latin1')
  const page = Buffer.alloc(27)
  page.write('OggS', 0)
  page[4] = 0 // version
  page[5] = 0x02 // first page of the stream
  page[26] = 1 // one segment
  return Buffer.concat([page, Buffer.from([head.length]), head, Buffer.alloc(64)])
}

/** An ISO media file whose `ftyp` names `brand` first (then `isom`), and an empty `mdat`. */
export function isoMedia(brand: string): Buffer {
  const ftyp = Buffer.alloc(24)
  ftyp.writeUInt32BE(24, 0)
  ftyp.write('ftyp', 4)
  ftyp.write(brand, 8, 'latin1')
  ftyp.writeUInt32BE(0, 12)
  ftyp.write(brand, 16, 'latin1')
  ftyp.write('isom', 20)
  const mdat = Buffer.alloc(8 + 256)
  mdat.writeUInt32BE(mdat.length, 0)
  mdat.write('mdat', 4)
  return Buffer.concat([ftyp, mdat])
}

/** Captions of two cues, one with a cue tag. */
export const CAPTIONS_VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello, <i>world</i>.\n\n00:01.000 --> 00:02.500\n<v Ana>Second line</v>\n'
