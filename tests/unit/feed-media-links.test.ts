import { describe, expect, it } from 'vitest'
import { withAbsoluteUrls } from '../../server/pages/absolute-urls.ts'

const POST = 'https://watchio.app/blog/tour'

describe('video and audio files in the feeds (server/pages/feed-media-links.ts)', () => {
  it('become a plain link to the file, named by the caption', () => {
    const html =
      '<p>Intro</p>\n<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.mp4" poster="/media/2026/f-aaaaaaaaaa-64x48.jpg"><track kind="captions" src="/media/2026/tour-bbbbbbbbbb.vtt" srclang="en" label="English"></video><figcaption>The <em>product</em> tour</figcaption></figure>\n<p>After</p>'
    expect(withAbsoluteUrls(html, POST)).toBe(
      '<p>Intro</p>\n<p><a href="https://watchio.app/media/2026/tour-3f9a2c1b5e.mp4">Video: The product tour</a></p>\n<p>After</p>',
    )
  })

  it('are named by their file without a caption, audio as audio, and a player outside a figure too', () => {
    const html = '<figure><audio controls preload="metadata" src="/media/2026/episode-one-3f9a2c1b5e.mp3"></audio></figure>\n<video controls preload="metadata" src="/media/2026/clip-3f9a2c1b5e.webm"></video>'
    expect(withAbsoluteUrls(html, POST)).toBe(
      '<p><a href="https://watchio.app/media/2026/episode-one-3f9a2c1b5e.mp3">Audio: episode-one.mp3</a></p>\n<p><a href="https://watchio.app/media/2026/clip-3f9a2c1b5e.webm">Video: clip.webm</a></p>',
    )
  })

  it('leaves images and their figures as they are', () => {
    const html = '<figure><img src="https://watchio.app/media/2026/a-aaaaaaaaaa-64x48.jpg" alt="A"><figcaption>A</figcaption></figure>'
    expect(withAbsoluteUrls(html, POST)).toBe(html)
  })
})
