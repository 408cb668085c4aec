import path from 'node:path'
import { type AvName, avFileName } from '../../core/av-media.ts'
import { type MediaName, mediaFileName } from '../../core/media-urls.ts'

/**
 * Where the media library lives, said once (pure, no I/O): `content/media/<year>/<file>` in the
 * repository (core/media-urls.ts names the files), and the variants a running site makes in
 * its own folder, `<siteDir>/media-variants/` (never committed, made again when missing).
 */

/** The library's folder in a content folder. */
export function mediaDirOf(contentDir: string): string {
  return path.join(contentDir, 'media')
}

/** The original's file, absolute. */
export function mediaFileOf(mediaDir: string, media: MediaName): string {
  return path.join(mediaDir, media.year, mediaFileName(media))
}

/** Where a running site keeps the variants it made. */
export function variantsDirOf(siteDir: string): string {
  return path.join(siteDir, 'media-variants')
}

/** Where a running site writes a video or audio upload as it arrives, before it is committed. */
export function uploadsDirOf(siteDir: string): string {
  return path.join(siteDir, 'uploads')
}

/** A video, audio or captions file of the library, absolute. */
export function avFileOf(mediaDir: string, media: AvName): string {
  return path.join(mediaDir, media.year, avFileName(media))
}
