import busboy from 'busboy'
import type { Context } from 'koa'
import type { Readable } from 'node:stream'
import { formatBytes } from '../../core/contract/index.ts'
import { InvalidInputError, TooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts'

/** An uploaded file as its receiver took it, with the name the browser gave it and the form's other fields. */
export interface Upload<T> {
  /** What `receive` made of the file's bytes (kept in memory, or written to a temp file). */
  received: T
  /** The name the browser gave the file; never used as a path (prepare-image.ts `readableName`). */
  filename: string
  /** The form's other text fields, trimmed. */
  fields: Record<string, string>
}

/** Room for the boundaries, part headers and the small text fields around the file. */
const ENVELOPE_BYTES = 64 * 1024
const MAX_FIELD_BYTES = 2000

/**
 * Reads the one file of a `multipart/form-data` body (field `fileField`) with busboy, handing its
 * stream to `receive` as it arrives (which may keep it in memory or write it to disk, and may
 * refuse it early with its own error). A body whose Content-Length is already over `maxBytes`
 * is refused before a byte of it is read; a chunked one as soon as the file passes it. Either way
 * the rest is left unread (Node discards it once the answer is sent). When the request fails
 * after the file was received, `discard` is given what `receive` made, so nothing is left behind.
 */
export function readUpload<T>(
  ctx: Context,
  options: {
    fileField: string
    maxBytes: number
    receive: (file: Readable) => Promise<T>
    discard?: (received: T) => Promise<void>
    /** What a body over `maxBytes` is told; "the limit is <maxBytes>" by default. */
    tooLargeMessage?: string
  },
): Promise<Upload<T>> {
  const { fileField, maxBytes, receive, discard } = options
  const tooLarge = () => new TooLargeError(options.tooLargeMessage ?? `The file is too large (the limit is ${formatBytes(maxBytes)}).`)
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(new UnsupportedMediaTypeError(`Send the file as multipart/form-data in a field named "${fileField}".`))
  }
  const length = Number(ctx.get('Content-Length') || NaN)
  if (length > maxBytes + ENVELOPE_BYTES) return Promise.reject(tooLarge())

  return new Promise<Upload<T>>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: ctx.req.headers,
        // Browsers send a file name as raw UTF-8.
        defParamCharset: 'utf8',
        limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: MAX_FIELD_BYTES, parts: 12, headerPairs: 20 },
      })
    } catch {
      reject(new InvalidInputError('The multipart body has no boundary'))
      return
    }
    let receiving: Promise<T> | null = null
    let filename: string | null = null
    const fields: Record<string, string> = {}
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      ctx.req.unpipe(parser)
      // Ends the file stream the receiver is writing from (busboy would never end it once
      // unpiped), so its temp file is removed and its descriptor closed.
      parser.destroy()
      // Read and drop whatever the client still sends, so it gets to read the answer.
      ctx.req.resume()
      receiving?.then((received) => discard?.(received), () => {}).catch(() => {})
      reject(error)
    }

    parser.on('file', (name, stream, info) => {
      if (name !== fileField || filename !== null || settled) {
        stream.resume()
        return
      }
      filename = info.filename ?? ''
      stream.on('limit', () => fail(tooLarge()))
      receiving = receive(stream)
      // The receiver's own refusal (the wrong bytes, over its kind's limit) answers at once.
      receiving.catch((error: Error) => {
        stream.resume()
        fail(error)
      })
    })
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new InvalidInputError(`The field "${name}" is too long (at most ${MAX_FIELD_BYTES} bytes)`, name))
      else fields[name] = value.trim()
    })
    parser.on('partsLimit', () => fail(new InvalidInputError('The form has too many parts')))
    parser.on('fieldsLimit', () => fail(new InvalidInputError('The form has too many fields')))
    parser.on('error', () => fail(new InvalidInputError('The multipart body is malformed')))
    parser.on('close', () => {
      if (settled) return
      if (filename === null || receiving === null) {
        fail(new InvalidInputError(`Choose a file to upload (a form field named "${fileField}")`, fileField))
        return
      }
      const name = filename
      receiving.then(
        (received) => {
          if (settled) return
          settled = true
          resolve({ received, filename: name, fields })
        },
        () => {
          // Failed already (the catch above).
        },
      )
    })
    ctx.req.on('aborted', () => fail(new InvalidInputError('The upload was interrupted')))
    ctx.req.pipe(parser)
  })
}
