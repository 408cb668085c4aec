import { describe, expect, it } from 'vitest'
import { passageOf } from '../../pages/blog/BlogSearch.tsx'

describe("the search result's passage", () => {
  it('is runs of text, the matched words marked, split at Pagefind’s <mark> tags alone', () => {
    expect(passageOf('Set up your <mark>playlist</mark> in a minute, then the <mark>playlists</mark> sync.')).toEqual([
      { text: 'Set up your ', marked: false },
      { text: 'playlist', marked: true },
      { text: ' in a minute, then the ', marked: false },
      { text: 'playlists', marked: true },
      { text: ' sync.', marked: false },
    ])
  })

  it('never makes markup of a post’s text: anything else that looks like a tag or a reference stays text, as indexed', () => {
    expect(passageOf('<img src=x onerror=alert(1)> &amp; <b>bold</b> <mark>Tom & Jerry</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)> &amp; <b>bold</b> ', marked: false },
      { text: 'Tom & Jerry', marked: true },
    ])
  })
})
