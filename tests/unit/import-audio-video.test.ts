import { describe, expect, it } from 'vitest'
import { parseFragment, writeFragment } from '../../server/import/hast-nodes.ts'
import { type AvLookup, importAudioVideo } from '../../server/import/import-audio-video.ts'

async function run(html: string, lookup: AvLookup) {
  const tree = parseFragment(html)
  const changed: string[] = []
  await importAudioVideo(tree, lookup, changed)
  return { html: writeFragment(tree), changed }
}

const none: AvLookup = async () => ({ kind: 'missing', reason: 'no uploads folder given (--uploads)' })

describe('video and audio files of an import', () => {
  it('makes a file the library does not hold a link to where it was, titled by its caption, and reports it', async () => {
    expect(await run('<figure><video controls src="https://x.test/up/clip.mov" poster="https://x.test/p.jpg"></video><figcaption>The launch</figcaption></figure>', none)).toEqual({
      html: '<p><a href="https://x.test/up/clip.mov">Video: The launch</a></p>',
      changed: ['video https://x.test/up/clip.mov → link "Video: The launch" (no uploads folder given (--uploads); its poster https://x.test/p.jpg left out)'],
    })
    expect((await run('<audio src="https://x.test/up/a%20song.mp3"></audio>', async () => ({ kind: 'elsewhere' }))).html).toBe('<p><a href="https://x.test/up/a%20song.mp3">Audio: a song.mp3</a></p>')
  })

  it('points a file the library holds at it, with controls, never autoplaying, its poster and captions from the library too', async () => {
    const library: AvLookup = async (url, kind) => ({ kind: 'library', url: `/media/2026/${kind}-${url.split('/').pop()}`, file: null })
    const out = await run('<figure><video autoplay muted loop src="https://x.test/v.mp4" poster="https://x.test/p.jpg"><track kind="captions" src="https://x.test/en.vtt" srclang="en"></video><figcaption>Clip</figcaption></figure>', library)
    expect(out.html).toBe(
      '<figure><video src="/media/2026/video-v.mp4" poster="/media/2026/image-p.jpg" controls preload="metadata"><track kind="captions" src="/media/2026/captions-en.vtt" srclang="en"></video><figcaption>Clip</figcaption></figure>',
    )
    expect(out.changed).toEqual(['video https://x.test/v.mp4 → video file in the media library (/media/2026/video-v.mp4)'])
  })

  it('keeps the caption of a player without a file as a paragraph', async () => {
    expect(await run('<figure><video></video><figcaption>Lost clip</figcaption></figure>', none)).toEqual({
      html: '<p>Lost clip</p>',
      changed: ['video without a file: its caption "Lost clip" kept as a paragraph'],
    })
  })
})
