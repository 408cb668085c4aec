/**
 * An old site's video, audio and captions files brought into the media library by the importer
 * (ImportMedia.lookupAv), from a real uploads folder in a temp directory: told by their bytes,
 * named as an upload is; and, while posts hold no such files, left where they were, said why.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ImportMedia } from '../../server/import/import-media.ts'

const root = mkdtempSync(path.join(os.tmpdir(), 'import-av-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const uploadsDir = path.join(root, 'uploads')
const put = (file: string, bytes: Buffer) => {
  mkdirSync(path.dirname(path.join(uploadsDir, file)), { recursive: true })
  writeFileSync(path.join(uploadsDir, file), bytes)
}
/** An MP4's first box (`ftyp`, major brand `isom`), and padding: what a video file starts with. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isommp42'), Buffer.alloc(64)])
put('2020/01/clip.mp4', mp4)
put('2020/01/fake.mp4', Buffer.from('not a video at all, whatever its name says'))

const media = () =>
  new ImportMedia({ uploadsDir, uploadBases: ['https://old.test/uploads/'], mediaDir: path.join(root, 'media'), existing: [], limits: { maxBytes: 1024 * 1024, maxPixels: 1_000_000, maxVideoBytes: 40 * 1024 * 1024, maxAudioBytes: 20 * 1024 * 1024 }, year: '2026' })

describe('video and audio files of the old site', () => {
  it('are library files named by their bytes\' hash and kind, each added once', async () => {
    const library = media()
    const found = await library.lookupAv('https://old.test/uploads/2020/01/clip.mp4?x=1', 'video')
    expect(found).toMatchObject({ kind: 'library', url: expect.stringMatching(/^\/media\/2026\/clip-[0-9a-f]{10}\.mp4$/), file: { path: expect.stringMatching(/media\/2026\/clip-[0-9a-f]{10}\.mp4$/), bytes: mp4 } })
    expect(await library.lookupAv('https://old.test/uploads/2020/01/clip.mp4', 'video')).toMatchObject({ kind: 'library', file: null })
  })

  it('are refused when their bytes are no such file, when missing, or on another site', async () => {
    const library = media()
    expect(await library.lookupAv('https://old.test/uploads/2020/01/fake.mp4', 'video')).toEqual({ kind: 'missing', reason: 'not a video file the media library takes, by its bytes' })
    expect(await library.lookupAv('https://old.test/uploads/2020/01/clip.mp4', 'audio')).toMatchObject({ kind: 'missing' })
    expect(await library.lookupAv('https://old.test/uploads/2020/01/gone.mp4', 'video')).toEqual({ kind: 'missing', reason: 'not in the uploads folder (2020/01/gone.mp4)' })
    expect(await library.lookupAv('https://elsewhere.test/v.mp4', 'video')).toEqual({ kind: 'elsewhere' })
  })

  it('are each taken as what they are asked as: a video asked as audio after, or before, is refused', async () => {
    const library = media()
    expect(await library.lookupAv('https://old.test/uploads/2020/01/clip.mp4', 'video')).toMatchObject({ kind: 'library' })
    expect(await library.lookupAv('https://old.test/uploads/2020/01/clip.mp4', 'audio')).toMatchObject({ kind: 'missing' })
  })

  it('refuse a captions file whose text holds markup, as an upload would', async () => {
    put('2020/01/hostile.vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n<script>alert(1)</script>\n'))
    const found = await media().lookupAv('https://old.test/uploads/2020/01/hostile.vtt', 'captions')
    expect(found).toMatchObject({ kind: 'missing', reason: expect.stringMatching(/^not taken by the media library: The captions file holds markup/) })
  })
})
