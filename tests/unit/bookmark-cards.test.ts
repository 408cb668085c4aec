/**
 * Bookmark cards left without a title, filled from the linked page's details
 * (server/content/bookmark-cards.ts) by a save (server/services/posts/bookmark-details.ts): what the
 * writer wrote is never replaced, the values pass through the sanitizer, the pages are fetched at
 * once and a save waits for them only so long.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_CONTENT_LENGTH } from '../../core/contract/limits.ts'
import { fillBookmarks, untitledBookmarkLinks } from '../../server/content/bookmark-cards.ts'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import type { PageDetails } from '../../server/link-details/page-details.ts'
import { BookmarkDetails, MAX_PAGES_PER_SAVE, SAVE_BUDGET_MS } from '../../server/services/posts/bookmark-details.ts'

const card = (href: string, inside = '<strong></strong>') => `<figure class="bookmark"><a href="${href}">${inside}</a></figure>`
const DETAILS: PageDetails = { title: 'The page', description: 'What it says.', image: 'https://img.example/card.png' }

describe('untitledBookmarkLinks', () => {
  it('lists the cards without a title, each address once, fetchable ones only', () => {
    const html = [
      card('https://a.example/'),
      card('https://b.example/', '<strong>Written</strong>'),
      card('https://c.example/', '<strong>  </strong><span>Only a description</span>'),
      card('https://a.example/'),
      card('/blog/own-post'),
      card('mailto:x@example.com'),
      '<figure><a href="https://d.example/"><strong></strong></a></figure>',
      '<p><a href="https://e.example/"><strong></strong></a></p>',
    ].join('\n')
    expect(untitledBookmarkLinks(html)).toEqual(['https://a.example/', 'https://c.example/'])
  })
})

describe('fillBookmarks', () => {
  it('fills an empty card in the order the editor writes it', () => {
    expect(fillBookmarks(card('https://a.example/'), () => DETAILS)).toBe(
      card('https://a.example/', '<img src="https://img.example/card.png" alt=""><strong>The page</strong><span>What it says.</span>'),
    )
  })

  it('keeps what the writer wrote: a titled card whole, an untitled one’s description and image', () => {
    const titled = card('https://a.example/', '<strong>Mine</strong>')
    expect(fillBookmarks(titled, () => DETAILS)).toBe(titled)
    const partial = card('https://a.example/', '<img src="/images/own.png" alt=""><strong></strong><span>My words</span>')
    expect(fillBookmarks(partial, () => DETAILS)).toBe(card('https://a.example/', '<img src="/images/own.png" alt=""><strong>The page</strong><span>My words</span>'))
  })

  it('adds only an image a post may hold, and leaves a card without details as written', () => {
    expect(fillBookmarks(card('https://a.example/'), () => ({ title: 'T', image: 'https://img.example/card.webp' }))).toBe(card('https://a.example/', '<strong>T</strong>'))
    const html = `<p>Before</p>\n${card('https://a.example/')}`
    expect(fillBookmarks(html, () => undefined)).toBe(html)
    expect(fillBookmarks(html, () => ({}))).toBe(html)
  })

  it('writes hostile text as text, which the sanitizer keeps as text', () => {
    const filled = fillBookmarks(card('https://a.example/'), () => ({ title: '<img src=x onerror=alert(1)>', description: '</span></a><script>alert(1)</script>' }))
    const clean = cleanPostHtml(filled)
    expect(clean).toBe(filled)
    expect(clean).toBe(card('https://a.example/', '<strong>&lt;img src=x onerror=alert(1)></strong><span>&lt;/span>&lt;/a>&lt;script>alert(1)&lt;/script></span>'))
  })
})

describe('BookmarkDetails', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** Links whose details arrive when the test says, recording each address asked. */
  function pendingLinks() {
    const asked: string[] = []
    const waiting = new Map<string, (details: PageDetails | undefined) => void>()
    const links = {
      details: (href: string) => {
        asked.push(href)
        return new Promise<PageDetails | undefined>((resolve) => waiting.set(href, resolve))
      },
    }
    return { links, asked, answer: (href: string, details: PageDetails | undefined) => waiting.get(href)!(details) }
  }

  it('asks nothing for a post without untitled cards, or one the save will refuse', async () => {
    const { links, asked } = pendingLinks()
    const bookmarks = new BookmarkDetails({ links })
    for (const content of ['<p>No card</p>', card('https://a.example/', '<strong>Mine</strong>'), `${'<div>'.repeat(5000)}${card('https://a.example/')}`]) {
      expect(await bookmarks.fill(content)).toBe(content)
    }
    expect(asked).toEqual([])
  })

  it('fetches every page at once, and fills the cards, sanitized', async () => {
    const { links, asked, answer } = pendingLinks()
    const content = `<p>Intro</p>${card('https://a.example/')}${card('https://b.example/')}`
    const filling = new BookmarkDetails({ links }).fill(content)
    await vi.waitFor(() => expect(asked).toEqual(['https://a.example/', 'https://b.example/']))
    answer('https://b.example/', { title: 'B' })
    answer('https://a.example/', undefined)
    expect(await filling).toBe(`<p>Intro</p>\n${card('https://a.example/')}\n${card('https://b.example/', '<strong>B</strong>')}`)
  })

  it('waits no longer than its budget: what arrived is used, the rest left as written', async () => {
    vi.useFakeTimers()
    const { links, asked, answer } = pendingLinks()
    const content = `${card('https://fast.example/')}\n${card('https://hangs.example/')}`
    const filling = new BookmarkDetails({ links }).fill(content)
    await vi.waitFor(() => expect(asked).toHaveLength(2))
    answer('https://fast.example/', { title: 'Fast' })
    await vi.advanceTimersByTimeAsync(SAVE_BUDGET_MS)
    expect(await filling).toBe(`${card('https://fast.example/', '<strong>Fast</strong>')}\n${card('https://hangs.example/')}`)
  })

  it(`fetches at most ${MAX_PAGES_PER_SAVE} pages for one save`, async () => {
    const asked: string[] = []
    const links = { details: async (href: string) => (asked.push(href), { title: href }) }
    const content = Array.from({ length: MAX_PAGES_PER_SAVE + 5 }, (_, i) => card(`https://p${i}.example/`)).join('\n')
    const filled = await new BookmarkDetails({ links }).fill(content)
    expect(asked).toHaveLength(MAX_PAGES_PER_SAVE)
    expect(filled.match(/<strong><\/strong>/g)).toHaveLength(5)
  })

  it('leaves a post as written when its details would make it longer than a post may be', async () => {
    const bookmarks = new BookmarkDetails({ links: { details: async () => ({ title: 'A title that does not fit' }) } })
    // 10 characters short of the limit: the title would take 25.
    const empty = card('https://a.example/')
    const fits = `<p>${'x'.repeat(MAX_CONTENT_LENGTH - 10 - '<p></p>\n'.length - empty.length)}</p>\n${empty}`
    expect(fits.length).toBe(MAX_CONTENT_LENGTH - 10)
    expect(await bookmarks.fill(fits)).toBe(fits)
    const roomy = `<p>${'x'.repeat(100)}</p>\n${card('https://a.example/')}`
    expect(await bookmarks.fill(roomy)).toBe(roomy.replace('<strong></strong>', '<strong>A title that does not fit</strong>'))
  })

  it('fills a request body’s content, and leaves any other body as it is', async () => {
    const bookmarks = new BookmarkDetails({ links: { details: async () => ({ title: 'T' }) } })
    const body = { title: 'Post', content: card('https://a.example/') }
    expect(await bookmarks.fillBody(body)).toEqual({ title: 'Post', content: card('https://a.example/', '<strong>T</strong>') })
    for (const other of [null, 'text', [1], { content: 5 }, { title: 'No content' }]) expect(await bookmarks.fillBody(other)).toBe(other)
  })
})
