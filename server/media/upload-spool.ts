import { createHash } from 'node:crypto'
import { mkdir, open, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { AV_FORMATS, type AvExtension, type AvKind } from '../../core/av-media.ts'
import { formatBytes, MAX_CAPTIONS_BYTES, UPLOAD_FORMAT_NAMES } from '../../core/contract/index.ts'
import { TooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts'
import { tempNameFor } from '../lib/temp-names.ts'
import { AV_HEAD_BYTES, avContentProblem, sniffAvFormat } from './av-formats.ts'
import { sniffUploadFormat } from './upload-formats.ts'

/** The most bytes of each kind an upload may have. */
export interface UploadLimits {
  image: number
  video: number
  audio: number
}

/**
 * An upload as received: an image in memory (prepare-image.ts decodes it whole anyway), or a
 * video, audio or captions file written to a temp file as it came in, with its hash.
 */
export type SpooledUpload =
  | { kind: 'image'; bytes: Buffer }
  | { kind: AvKind; ext: AvExtension; file: string; size: number; hash: string }

export const NOT_A_MEDIA_FILE = `The file is not a ${UPLOAD_FORMAT_NAMES} image, a video (MP4, WebM), an audio file (MP3, M4A, Ogg, WAV) or captions (WebVTT): its bytes are checked, not its name.`

/** The largest file of any kind: what the body may hold at most. */
export function largestUpload(limits: UploadLimits): number {
  return Math.max(limits.image, limits.video, limits.audio, MAX_CAPTIONS_BYTES)
}

/** What a body larger than any file the library takes is told: each kind's limit. */
export function uploadLimitsText(limits: UploadLimits): string {
  return `The file is too large (the limit is ${formatBytes(limits.image)} for an image, ${formatBytes(limits.video)} for a video, ${formatBytes(limits.audio)} for an audio file).`
}

/**
 * Reads an upload's stream: its first bytes say what it is (never its name); an image is kept in
 * memory up to its limit, a video or audio file goes to a temp file in `tempDir` chunk by chunk,
 * hashed on the way, and is refused with a 413 as soon as it passes its kind's limit (the temp
 * file removed). Captions are read whole (they are small) and checked as text (av-formats.ts).
 */
export async function spoolUpload(stream: Readable, options: { tempDir: string; limits: UploadLimits }): Promise<SpooledUpload> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const head: Buffer[] = []
  let headBytes = 0
  let done = false
  while (headBytes < AV_HEAD_BYTES) {
    const next = await iterator.next()
    if (next.done) {
      done = true
      break
    }
    head.push(next.value)
    headBytes += next.value.length
  }
  const start = Buffer.concat(head)
  const rest = async function* () {
    if (done) return
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
  }

  if (sniffUploadFormat(start)) return { kind: 'image', bytes: await collect(start, rest(), options.limits.image, 'image') }
  const ext = sniffAvFormat(start)
  // Refused at once, the rest left unread (the request is answered and its body dropped).
  if (!ext) throw new UnsupportedMediaTypeError(NOT_A_MEDIA_FILE)
  const { kind } = AV_FORMATS[ext]
  if (kind === 'captions') {
    const bytes = await collect(start, rest(), MAX_CAPTIONS_BYTES, 'captions file')
    const problem = avContentProblem(ext, bytes)
    if (problem) throw new UnsupportedMediaTypeError(problem)
    const spooled = await writeSpool(options.tempDir, (async function* () { yield bytes })(), Infinity, kind)
    return { kind, ext, ...spooled }
  }
  const limit = kind === 'video' ? options.limits.video : options.limits.audio
  const spooled = await writeSpool(options.tempDir, (async function* () { yield start; yield* rest() })(), limit, kind)
  return { kind, ext, ...spooled }
}

/** Removes a spooled file that will not be committed (the request failed after it was read). */
export async function discardSpool(spooled: SpooledUpload): Promise<void> {
  if (spooled.kind !== 'image') await rm(spooled.file, { force: true })
}

function tooLarge(what: string, limit: number): TooLargeError {
  return new TooLargeError(`The ${what} is too large (the limit is ${formatBytes(limit)}).`)
}

async function collect(start: Buffer, rest: AsyncIterable<Buffer>, limit: number, what: string): Promise<Buffer> {
  const chunks = [start]
  let size = start.length
  if (size > limit) throw tooLarge(what, limit)
  for await (const chunk of rest) {
    size += chunk.length
    if (size > limit) throw tooLarge(what, limit)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

async function writeSpool(tempDir: string, chunks: AsyncIterable<Buffer>, limit: number, kind: AvKind) {
  await mkdir(tempDir, { recursive: true })
  const file = path.join(tempDir, tempNameFor('upload'))
  // Opened before the first write: a refusal then always finds the file to remove (a stream
  // opening it in the background could create it after the removal).
  const out = (await open(file, 'wx', 0o600)).createWriteStream()
  const hash = createHash('sha256')
  let size = 0
  try {
    for await (const chunk of chunks) {
      size += chunk.length
      if (size > limit) throw tooLarge(kind === 'captions' ? 'captions file' : kind === 'video' ? 'video' : 'audio file', limit)
      hash.update(chunk)
      if (!out.write(chunk)) await new Promise<void>((resolve, reject) => {
        out.once('drain', resolve)
        out.once('error', reject)
      })
    }
    out.end()
    await finished(out)
  } catch (error) {
    out.destroy()
    await rm(file, { force: true })
    throw error
  }
  return { file, size, hash: hash.digest('hex').slice(0, 10) }
}
