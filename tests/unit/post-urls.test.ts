import { describe, expect, it } from 'vitest'
import { postUrl, slugOfPostUrl } from '../../core/post-urls.ts'

describe('post URLs', () => {
  it('writes a post\'s URL and reads its slug back', () => {
    expect(postUrl('welcome-to-watchio')).toBe('/blog/welcome-to-watchio')
    expect(slugOfPostUrl(postUrl('welcome-to-watchio'))).toBe('welcome-to-watchio')
  })

  it('reads no slug from another path, a feed, a trailing slash or a slug the rules refuse', () => {
    for (const url of ['/blog', '/blog/', '/blog/rss.xml', '/blog/a/b', '/blog/Upper', '/blog/-x', '/blog/a--b', '/pricing', '/blog/welcome/']) {
      expect(slugOfPostUrl(url), url).toBeNull()
    }
  })
})
