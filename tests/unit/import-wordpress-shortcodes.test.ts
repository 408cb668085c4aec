import { describe, expect, it } from 'vitest'
import { noChanges } from '../../server/import/import-changes.ts'
import { expandShortcodes, type WordPressAttachment } from '../../server/import/wordpress-shortcodes.ts'

const file = (url: string, extra: Partial<WordPressAttachment> = {}): WordPressAttachment => ({ url, alt: '', caption: '', parent: '9', order: 0, mimeType: 'image/jpeg', ...extra })
const attachments = new Map<string, WordPressAttachment>([
  ['1', file('https://x.test/a.jpg', { alt: 'A', caption: 'First', order: 2 })],
  ['2', file('https://x.test/b.jpg', { order: 1 })],
  ['3', file('https://x.test/song.mp3', { mimeType: 'audio/mp3' })],
  ['4', file('https://x.test/other.jpg', { parent: '8' })],
])

function expand(text: string, postId = '9') {
  const changes = noChanges()
  return { html: expandShortcodes(text, { attachments, postId }, changes), changed: changes.changed }
}

describe('WordPress shortcodes in the post model', () => {
  it('makes [caption] a figure with its caption', () => {
    expect(expand('[caption id="x" width="300"]<img src="https://x.test/a.jpg"> A bell[/caption]')).toEqual({
      html: '<figure><img src="https://x.test/a.jpg"><figcaption>A bell</figcaption></figure>',
      changed: ['[caption] shortcode → figure with its caption'],
    })
  })

  it('makes [gallery ids] a gallery of those images, in that order, with their alt text and captions', () => {
    expect(expand('[gallery columns=2 ids="2,1"]').html).toBe(
      '<figure class="gallery"><figure><img src="https://x.test/b.jpg" alt=""></figure><figure><img src="https://x.test/a.jpg" alt="A"><figcaption>First</figcaption></figure></figure>',
    )
  })

  it('makes [gallery] without ids a gallery of the post\'s own images, in their order, and says none was found when there is none', () => {
    expect(expand('[gallery]').html).toMatch(/^<figure class="gallery"><figure><img src="https:\/\/x\.test\/b\.jpg".*a\.jpg.*<\/figure>$/)
    expect(expand('[gallery]', '7')).toEqual({ html: '', changed: ['[gallery] shortcode removed (no text of its own, and no file it names in the export)'] })
  })

  it('makes [audio] and [video] files in figures, from their attributes or the post\'s own file', () => {
    expect(expand('[video mp4="https://x.test/v.mp4" poster="https://x.test/p.jpg" width="640" height="360"][/video]').html).toBe(
      '<figure><video controls preload="metadata" src="https://x.test/v.mp4" poster="https://x.test/p.jpg" width="640" height="360"></video></figure>',
    )
    expect(expand('[audio https://x.test/s.mp3]').html).toBe('<figure><audio controls preload="metadata" src="https://x.test/s.mp3"></audio></figure>')
    expect(expand('[audio]').html).toBe('<figure><audio controls preload="metadata" src="https://x.test/song.mp3"></audio></figure>')
  })

  it('makes [embed] a link and [playlist] a link to each file', () => {
    expect(expand('[embed]https://x.test/v/1[/embed]').html).toBe('<a href="https://x.test/v/1">https://x.test/v/1</a>')
    expect(expand('[playlist ids="3"]').html).toBe('<p><a href="https://x.test/song.mp3">Audio: song.mp3</a></p>')
  })

  it('keeps another shortcode\'s text and names it; [[escaped]] ones are text; an attribute named __proto__ is data', () => {
    expect(expand('[note]Mind the gap[/note] and [[gallery]]')).toEqual({ html: 'Mind the gap and [gallery]', changed: ['[note] shortcode → its text'] })
    expect(expand('[video __proto__="x" src="https://x.test/v.mp4"]').html).toContain('src="https://x.test/v.mp4"')
  })
})
