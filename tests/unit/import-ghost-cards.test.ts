import { describe, expect, it } from 'vitest'
import { mapGhostCards } from '../../server/import/ghost/cards.ts'
import { noChanges } from '../../server/import/import-changes.ts'

function map(html: string) {
  const changes = noChanges()
  return { html: mapGhostCards(html, changes), ...changes }
}

describe('Ghost cards in the post model', () => {
  it('makes a toggle a toggle and a callout a callout', () => {
    expect(map('<div class="kg-card kg-toggle-card"><div class="kg-toggle-heading"><h4 class="kg-toggle-heading-text">Why?</h4><button><svg></svg></button></div><div class="kg-toggle-content"><p>Because.</p></div></div>')).toMatchObject({
      html: '<details><summary>Why?</summary><p>Because.</p></details>',
      changed: ['toggle card → toggle'],
    })
    expect(map('<div class="kg-card kg-callout-card"><div class="kg-callout-emoji">💡</div><div class="kg-callout-text">Note <b>this</b></div></div>').html).toBe('<aside role="note"><p>💡 Note <b>this</b></p></aside>')
  })

  it('makes a button a button, a file a download, a bookmark a bookmark card', () => {
    expect(map('<div class="kg-card kg-button-card"><a href="https://x.test/" class="kg-btn">Go</a></div>').html).toBe('<p><a href="https://x.test/" class="button">Go</a></p>')
    expect(map('<div class="kg-card kg-file-card"><a href="/content/files/a.pdf" download=""><div class="kg-file-card-title">Report</div><div class="kg-file-card-filename">a.pdf</div><div class="kg-file-card-filesize">2 MB</div></a></div>').html).toBe(
      '<p><a href="/content/files/a.pdf" download>Report</a></p><p>a.pdf, 2 MB</p>',
    )
    expect(map('<figure class="kg-card kg-bookmark-card"><a class="kg-bookmark-container" href="https://x.test/"><div class="kg-bookmark-title">X</div><div class="kg-bookmark-description">About X</div><div class="kg-bookmark-thumbnail"><img src="https://x.test/t.png" alt=""></div></a></figure>').html).toBe(
      '<figure class="bookmark"><a href="https://x.test/"><img src="https://x.test/t.png" alt=""><strong>X</strong><span>About X</span></a></figure>',
    )
  })

  it('makes a gallery a gallery, images under the upload base written with Ghost\'s placeholder', () => {
    expect(map('<figure class="kg-card kg-gallery-card"><div class="kg-gallery-container"><div class="kg-gallery-row"><div class="kg-gallery-image"><img src="/content/images/a.jpg" width="30" height="20" alt=""></div></div></div><figcaption>Two</figcaption></figure>').html).toBe(
      '<figure class="gallery"><figure><img src="__GHOST_URL__/content/images/a.jpg" alt="" width="30" height="20"></figure><figcaption>Two</figcaption></figure>',
    )
  })

  it('makes audio and video cards files in figures, with the video\'s thumbnail as its poster', () => {
    expect(map('<div class="kg-card kg-audio-card"><audio src="/content/media/a.mp3"></audio><div class="kg-audio-title">Talk</div></div>').html).toBe(
      '<figure><audio controls preload="metadata" src="/content/media/a.mp3"></audio><figcaption>Talk</figcaption></figure>',
    )
    expect(map('<figure class="kg-card kg-video-card" data-kg-thumbnail="/content/images/t.jpg"><div><video src="/content/images/v.mp4" width="200" height="100"></video></div></figure>').html).toBe(
      '<figure><video controls preload="metadata" src="__GHOST_URL__/content/images/v.mp4" poster="__GHOST_URL__/content/images/t.jpg" width="200" height="100"></video></figure>',
    )
  })

  it('removes newsletter-only cards and the paywall marker, saying so with their words', () => {
    const out = map('<p>Free</p><!--members-only--><p>Paid</p><div data-gh-segment="status:free"><p>Upgrade!</p></div>')
    expect(out.html).toBe('<p>Free</p><p>Paid</p>')
    expect(out.changed).toEqual([
      'paywall marker removed (what follows it was for members only in Ghost: here it is public)',
      'newsletter-only text removed: "Upgrade!"',
      'email-cta card → removed (it was for the newsletter only)',
    ])
  })

  it('keeps the words of a signup card and of a card unknown here, naming each', () => {
    const out = map('<div class="kg-card kg-signup-card"><h2 class="kg-signup-card-heading">Join</h2><form><button><span class="kg-signup-card-button-default">Subscribe</span></button></form></div><div class="kg-card kg-nft-card"><p>Ape #1</p></div>')
    expect(out.html).toBe('<p>Join</p><p>(Subscribe)</p><div class="kg-card kg-nft-card"><p>Ape #1</p></div>')
    expect(out.changed).toEqual(['signup card → its words (the signup form is Ghost\'s: removed)', 'nft card → its text, as the sanitizer keeps it (a card unknown here)'])
  })
})
