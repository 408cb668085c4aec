/**
 * The media library's videos, audio files and captions, said once for the server, the pages, the
 * post rules and the admin (the images' names are core/media-urls.ts's).
 *
 * Stored as `content/media/<year>/<name>-<hash>.<ext>` and served at `/media/<year>/<name>-<hash>.<ext>`:
 * the hash makes a new file a new URL (cached for a year), and the extension, chosen by the server
 * from the file's bytes (never from the name it was uploaded under), says what it is. No pixel size
 * in the name: nothing of a video is decoded, and a player keeps its own room.
 */

/** What a time-based file of the library is. */
export type AvKind = 'video' | 'audio' | 'captions'

export type AvExtension = 'mp4' | 'webm' | 'mp3' | 'm4a' | 'ogg' | 'oga' | 'wav' | 'vtt'

/** Each extension's kind and the Content-Type it is served with. */
export const AV_FORMATS: Readonly<Record<AvExtension, { kind: AvKind; type: string }>> = {
  mp4: { kind: 'video', type: 'video/mp4' },
  webm: { kind: 'video', type: 'video/webm' },
  mp3: { kind: 'audio', type: 'audio/mpeg' },
  m4a: { kind: 'audio', type: 'audio/mp4' },
  ogg: { kind: 'audio', type: 'audio/ogg' },
  oga: { kind: 'audio', type: 'audio/ogg' },
  wav: { kind: 'audio', type: 'audio/wav' },
  vtt: { kind: 'captions', type: 'text/vtt; charset=utf-8' },
}

export interface AvName {
  /** `2025` */
  year: string
  /** The readable part, from the uploaded file's name: `product-tour` */
  name: string
  /** The first 10 hex digits of the SHA-256 of the uploaded bytes; also the media id. */
  hash: string
  ext: AvExtension
}

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{10})\.(mp4|webm|mp3|m4a|ogg|oga|wav|vtt)$/
const AV_PATH = /^\/media\/([0-9]{4})\/([^/]+)$/

/** `product-tour-3f9a2c1b5e.mp4` */
export function avFileName(media: Omit<AvName, 'year'>): string {
  return `${media.name}-${media.hash}.${media.ext}`
}

/** `/media/2025/product-tour-3f9a2c1b5e.mp4` */
export function avUrl(media: AvName): string {
  return `/media/${media.year}/${avFileName(media)}`
}

/** A file name of the library's videos, audio or captions read back; null for any other name. */
export function parseAvFileName(file: string, year: string): AvName | null {
  const match = FILE.exec(file)
  if (!match || !/^[0-9]{4}$/.test(year)) return null
  return { year, name: match[1]!, hash: match[2]!, ext: match[3] as AvExtension }
}

/** The library's video, audio or captions file at a site-relative URL (`/media/<year>/<file>`), or null. */
export function parseAvUrl(url: string): AvName | null {
  const match = AV_PATH.exec(url)
  return match ? parseAvFileName(match[2]!, match[1]!) : null
}

/** Whether `url` is a library file of this kind (a video's `src` must be a video, a track's a `.vtt`). */
export function isAvUrlOf(kind: AvKind, url: string): boolean {
  const media = parseAvUrl(url)
  return media !== null && AV_FORMATS[media.ext].kind === kind
}
