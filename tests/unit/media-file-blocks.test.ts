import { parseFragment, serialize } from 'parse5'
import { describe, expect, it } from 'vitest'
import { normalizeEditorHtml } from '../../pages/admin/blog/editor/normalize-html.ts'
import { isCleanPostHtml } from '../../server/content/is-clean-html.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { findUnsafeHtml } from '../../server/content/unsafe-html.ts'

/**
 * The media library's video and audio files in a post, in the shapes the post model declares
 * (core/post-html-rules.ts): kept byte for byte by the sanitizer, the clean check, the diagnosis
 * and the editor, and mended the same way by all of them (controls added, autoplay and any other
 * source removed). tests/unit/post-html-rules.test.ts checks each attribute on its own.
 */

const editor = (html: string) => normalizeEditorHtml(serialize(parseFragment(html)))

/** `html` is mended to `expected` by the sanitizer and the editor alike, and refused as it is by the clean check and the diagnosis. */
function expectMended(html: string, expected: string, what = html): void {
  expect(cleanPostHtml(html), `the sanitizer: ${what}`).toBe(expected)
  expect(editor(html), `the editor: ${what}`).toBe(expected)
  expect(isCleanPostHtml(html), `the clean check: ${what}`).toBe(false)
  expect(findUnsafeHtml(html), `the diagnosis: ${what}`).not.toBeNull()
}

const VIDEO =
  '<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.mp4" poster="/media/2026/tour-frame-aaaaaaaaaa-1280x720.jpg" width="1280" height="720">' +
  '<track kind="captions" src="/media/2026/tour-bbbbbbbbbb.vtt" srclang="en" label="English"></video><figcaption>The product tour</figcaption></figure>'
const AUDIO = '<figure><audio controls preload="metadata" src="/media/2026/episode-3f9a2c1b5e.mp3"></audio><figcaption>Episode 1</figcaption></figure>'
const BARE_VIDEO = '<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.webm"></video></figure>'

describe('video and audio files in a post', () => {
  it.each([VIDEO, AUDIO, BARE_VIDEO, `<p>Intro</p>\n${VIDEO}\n${AUDIO}\n<p>After</p>`])('keeps %s byte for byte', (html) => {
    expect(cleanPostHtml(html), 'the sanitizer').toBe(html)
    expect(isCleanPostHtml(html), 'the clean check').toBe(true)
    expect(findUnsafeHtml(html), 'the diagnosis').toBeNull()
    expect(editor(html), 'the editor').toBe(html)
  })

  it('never plays on its own: autoplay, loop, muted and any other attribute go, controls and preload="metadata" are always there', () => {
    const html =
      '<figure><video autoplay loop muted playsinline onplay="alert(1)" style="width:1px" preload="auto" src="/media/2026/tour-3f9a2c1b5e.mp4"></video></figure>\n' +
      '<figure><audio autoplay="autoplay" controls="false" src="/media/2026/episode-3f9a2c1b5e.mp3"></audio></figure>'
    const expected =
      '<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.mp4"></video></figure>\n' +
      '<figure><audio controls preload="metadata" src="/media/2026/episode-3f9a2c1b5e.mp3"></audio></figure>'
    expectMended(html, expected)
    expect(findUnsafeHtml(html)).toMatch(/^has autoplay/)
    // Without controls written, they are added.
    expectMended('<figure><audio src="/media/2026/episode-3f9a2c1b5e.mp3"></audio></figure>', '<figure><audio controls preload="metadata" src="/media/2026/episode-3f9a2c1b5e.mp3"></audio></figure>')
  })

  it('plays only files of the media library: another source, javascript: or a file of another kind removes the player', () => {
    for (const src of ['https://cdn.example/tour.mp4', 'javascript:alert(1)', '//cdn.example/media/2026/tour-3f9a2c1b5e.mp4', '/media/2026/episode-3f9a2c1b5e.mp3', 'data:video/mp4;base64,AAAA']) {
      const html = `<p>a</p>\n<figure><video controls preload="metadata" src="${src}"></video><figcaption>c</figcaption></figure>`
      expectMended(html, '<p>a</p>\n<figure><figcaption>c</figcaption></figure>', src)
    }
  })

  it('keeps captions only from the library, as captions, and a poster only from the library', () => {
    const html =
      '<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.mp4" poster="https://tracker.example/p.jpg">' +
      '<track kind="subtitles" src="/media/2026/tour-bbbbbbbbbb.vtt" srclang="en" label="English" default>' +
      '<track kind="captions" src="https://cdn.example/x.vtt" srclang="fr"></video></figure>'
    const expected =
      '<figure><video controls preload="metadata" src="/media/2026/tour-3f9a2c1b5e.mp4">' +
      '<track kind="captions" src="/media/2026/tour-bbbbbbbbbb.vtt" srclang="en" label="English"></video></figure>'
    expectMended(html, expected)
  })

  it('writes each figure on a line of its own', () => {
    expect(cleanPostHtml(`${VIDEO}${AUDIO}`)).toBe(`${VIDEO}\n${AUDIO}`)
    expect(editor(`${VIDEO}${AUDIO}`)).toBe(`${VIDEO}\n${AUDIO}`)
  })
})
