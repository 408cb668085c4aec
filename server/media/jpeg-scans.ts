/**
 * The scans of a JPEG, counted from its bytes before any decoder sees them (pure).
 *
 * A progressive JPEG is a series of scans, and each scan is a pass of the decoder over every 8×8
 * block of the components it covers; libjpeg reads every scan of the file before it gives out its
 * first row. Encoders write a handful (libjpeg's and sharp's progression 10 for a colour image, 6
 * for a grey one, 18 for CMYK; mozjpeg's 8; a baseline JPEG 1 to 4). A scan bomb holds thousands
 * of scans of a few bytes each, over an image of tens of megapixels: about 3 ms of decoding per
 * scan at 50 megapixels here, minutes for the file, and libvips cannot be interrupted meanwhile
 * (sharp's timeout is looked at only once the scans are read). libjpeg-turbo has no limit of its
 * own by default: djpeg and jpegtran take `-maxscans N`, its TurboJPEG API TJPARAM_SCANLIMIT,
 * which its own fuzzers set to 500; NVIDIA's nvImageCodec refuses more than 256 by default.
 */

/** More than ten times what any encoder writes; at 50 megapixels, about 0.6 s of decoding here. */
export const MAX_JPEG_SCANS = 200

const SOS = 0xda
const EOI = 0xd9

/**
 * How many scans (SOS markers) a decoder meets in the JPEG, up to its first EOI. The marker
 * segments are walked as libjpeg walks them: a segment's length is skipped (what libjpeg reads or
 * skips of it is that length, or it stops with an error), so a scan's header inside an APP1
 * thumbnail or an ICC profile does not count, nor does a second image after the end (a phone
 * photo's depth or gain map). Between segments, the bytes up to the next marker are passed as
 * libjpeg passes them (a scan's coded data, fill bytes, stuffed zeros, restart markers); a marker
 * it would refuse is passed the same way, which can only count more. Bytes that do not start
 * with a JPEG's SOI count 0.
 */
export function countJpegScans(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 0
  let scans = 0
  let at = 2
  for (;;) {
    const marker = nextMarker(bytes, at)
    if (marker === null || marker.code === EOI) return scans
    at = marker.after
    if (!hasLength(marker.code)) continue
    if (marker.code === SOS) scans++
    if (at + 2 > bytes.length) return scans
    // A length under 2 (the length's own bytes) is read as 2: no byte is skipped that a decoder might read.
    at += Math.max(2, (bytes[at]! << 8) | bytes[at + 1]!)
  }
}

/** The next marker from `at` (its code, and where its segment starts), or null at the end of the bytes. */
function nextMarker(bytes: Uint8Array, at: number): { code: number; after: number } | null {
  for (;;) {
    const ff = bytes.indexOf(0xff, at)
    if (ff < 0) return null
    let next = ff + 1
    // Any number of 0xFF may come before a marker's code.
    while (bytes[next] === 0xff) next++
    if (next >= bytes.length) return null
    // 0xFF 0x00 is a 0xFF byte of coded data, not a marker.
    if (bytes[next] !== 0x00) return { code: bytes[next]!, after: next + 1 }
    at = next + 1
  }
}

/**
 * Whether a marker has a segment (a length, then its data): all but SOI, EOI, RST0–7 and TEM
 * (0x01), and the reserved 0x02–0xBF, which libjpeg refuses or, within a scan, passes by.
 */
function hasLength(code: number): boolean {
  return code >= 0xc0 && !(code >= 0xd0 && code <= 0xd9)
}
