import { DEFAULT_MEDIA_MAX_BYTES, formatBytes, MEDIA_API, type MediaItem, UPLOAD_FIELD, UPLOAD_FORMAT_NAMES } from '../../../../core/contract/index.ts'

/** What a failed upload tells the admin; `status` is 0 when no answer came at all. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

export const NETWORK_ERROR_MESSAGE = 'Upload failed: network error. Nothing was lost; try again.'
/** Only when the server said nothing of its own; its limit is MEDIA_MAX_BYTES, this the default. */
export const TOO_LARGE_MESSAGE = `The image is too large (max ${formatBytes(DEFAULT_MEDIA_MAX_BYTES)}).`
const NOT_AN_IMAGE_MESSAGE = `This file is not a ${UPLOAD_FORMAT_NAMES} image.`
const SIGNED_OUT_MESSAGE = 'You are signed out, so the image was not uploaded. Sign in again in another tab and try again; this form keeps what you typed.'

export interface UploadOptions {
  alt?: string
  /** 0–100 as the bytes go out; not called when the browser cannot tell. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/**
 * Uploads one image to the library (`POST /api/admin/media`, field `file`). XMLHttpRequest rather
 * than fetch, as only it reports upload progress. Same origin, so the session cookie goes along
 * as with every admin call (`withCredentials` says so even if the admin is ever served elsewhere).
 * Resolves with the library item (201, for new bytes and for bytes already there alike), or rejects
 * with an UploadError whose message can be shown as it is.
 */
export function uploadMedia(file: Blob & { name?: string }, options: UploadOptions = {}): Promise<MediaItem> {
  return new Promise((resolve, reject) => {
    const body = new FormData()
    if (options.alt) body.append('alt', options.alt)
    body.append(UPLOAD_FIELD, file, file.name ?? 'image')
    const request = new XMLHttpRequest()
    request.open('POST', MEDIA_API)
    request.withCredentials = true
    request.responseType = 'text'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () => {
      if (request.status === 200 || request.status === 201) {
        try {
          resolve(JSON.parse(request.responseText) as MediaItem)
        } catch {
          reject(new UploadError(request.status, 'The server answered the upload with something unexpected; try again.'))
        }
        return
      }
      reject(new UploadError(request.status, uploadFailureMessage(request.status, request.responseText)))
    })
    // The server may refuse a too-large body before reading it all and close the connection:
    // Chromium then reports a network error, not the 413. That is "try again" either way.
    request.addEventListener('error', () => reject(new UploadError(0, NETWORK_ERROR_MESSAGE)))
    request.addEventListener('timeout', () => reject(new UploadError(0, NETWORK_ERROR_MESSAGE)))
    request.addEventListener('abort', () => reject(new UploadError(0, 'Upload cancelled.')))
    options.signal?.addEventListener('abort', () => request.abort(), { once: true })
    if (options.signal?.aborted) return reject(new UploadError(0, 'Upload cancelled.'))
    request.send(body)
  })
}

/** The server's plain-text reason where it has one worth reading; ours where it has not. */
export function uploadFailureMessage(status: number, body: string): string {
  const reason = plainReason(body)
  switch (status) {
    case 413:
      return reason || TOO_LARGE_MESSAGE
    case 415:
      return reason || NOT_AN_IMAGE_MESSAGE
    case 401:
      return SIGNED_OUT_MESSAGE
    default:
      return `Upload failed (${status}): ${reason || 'the server refused it'}. Nothing was lost; try again.`
  }
}

/** A short plain-text body, never an HTML error page. */
function plainReason(body: string): string {
  const text = body.trim()
  if (text === '' || text.startsWith('<') || text.length > 300) return ''
  return text
}

