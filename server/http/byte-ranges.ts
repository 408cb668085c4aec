/**
 * The part of a file a request's `Range` asks for (RFC 9110 §14), pure. A player seeking in a
 * video asks for `bytes=<start>-`; one reading a file's end (an MP4 whose index is last) for
 * `bytes=-<length>`. One range is answered with it (206); several are answered with the whole
 * file (200), which the RFC allows and every player takes, rather than a multipart body no
 * player needs. A range past the file's end is unsatisfiable (416).
 */
export type RangeAnswer =
  /** No range, or one the server may ignore: the whole file. */
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' }

const RANGE = /^\s*(\d*)\s*-\s*(\d*)\s*$/

/**
 * The answer to `header` (the `Range` header) for a file of `size` bytes; `ifRange` is the
 * request's `If-Range`, honoured only when it names `etag` (a date or another tag: the file may
 * have changed, so the whole file is sent).
 */
export function rangeOf(options: { header: string; size: number; etag: string; ifRange: string }): RangeAnswer {
  const { header, size, etag, ifRange } = options
  if (!header) return { kind: 'whole' }
  if (ifRange && ifRange.trim() !== etag) return { kind: 'whole' }
  const match = /^\s*bytes\s*=(.*)$/i.exec(header)
  // Another unit, or a header that is no range at all: ignored, as the RFC says.
  if (!match) return { kind: 'whole' }
  const specs = match[1]!.split(',')
  if (specs.length !== 1) return { kind: 'whole' }
  const spec = RANGE.exec(specs[0]!)
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'whole' }
  const [first, last] = [spec[1]!, spec[2]!]
  if (first === '') {
    // The last `last` bytes.
    const length = Number(last)
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { kind: 'whole' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'part', start, end }
}
