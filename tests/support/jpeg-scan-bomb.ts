import sharp from 'sharp'

/**
 * JPEGs for the scan-count tests, made in memory. A progressive JPEG is a series of scans, each a
 * pass over every 8×8 block of one or more components; an encoder writes about ten (libjpeg's
 * progression: 10 for a colour image, 6 for a grey one). A scan bomb adds thousands of scans that
 * hold next to nothing, so the decoder walks every block thousands of times for a few bytes each.
 */

/** A small progressive JPEG, as sharp (libjpeg's default progression) writes it. */
export function progressiveJpeg(options: { width: number; height: number }): Promise<Buffer> {
  return sharp({ create: { width: options.width, height: options.height, channels: 3, background: '#3a6ea5' } })
    .jpeg({ progressive: true })
    .toBuffer()
}

/**
 * A progressive JPEG from sharp with `scans` more scans before its end, each a valid pass over
 * the luma's AC coefficients saying "no change" for every block: one Huffman table (one 1-bit
 * code: end of block) defined once, then per scan its SOS header and one 0 bit per block. A
 * decoder reads them without a warning: each repeats a first AC pass at full precision, which
 * the progression allows. 18 bytes a scan for a 64×64 image: about 110,000 fit in 2 MB.
 */
export async function scanBomb(options: { width: number; height: number; scans: number }): Promise<Buffer> {
  const jpeg = await progressiveJpeg(options)
  if (jpeg.readUInt16BE(jpeg.length - 2) !== 0xffd9) throw new Error('sharp wrote no EOI at the end')
  // AC table 0: one code of length 1 for the symbol 0x00 (EOB: this block's remaining coefficients are zero).
  const table = Buffer.from([0xff, 0xc4, 0x00, 0x14, 0x10, 1, ...Array(15).fill(0), 0x00])
  // Component 1 (libjpeg numbers YCbCr 1, 2, 3) with tables 0/0; Ss=1, Se=63, Ah=0, Al=0.
  const header = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x01, 0x3f, 0x00])
  // One 0 bit per luma block, the last byte filled with 1 bits as encoders pad.
  const blocks = Math.ceil(options.width / 8) * Math.ceil(options.height / 8)
  const data = Buffer.alloc(Math.ceil(blocks / 8))
  if (blocks % 8 !== 0) data[data.length - 1] = 0xff >> (blocks % 8)
  const scan = Buffer.concat([header, data])
  return Buffer.concat([jpeg.subarray(0, -2), table, ...Array<Buffer>(options.scans).fill(scan), jpeg.subarray(-2)])
}
