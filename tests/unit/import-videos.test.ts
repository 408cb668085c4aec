import type { Root } from 'hast'
import rehypeParse from 'rehype-parse'
import rehypeStringify from 'rehype-stringify'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import { cleanPostHtml } from '../../server/content/sanitize-html.ts'
import { embedVideos } from '../../server/import/import-videos.ts'

function imported(html: string): { html: string; made: number } {
  const tree = unified().use(rehypeParse, { fragment: true }).parse(html) as Root
  const made = embedVideos(tree)
  return { html: cleanPostHtml(unified().use(rehypeStringify).stringify(tree)), made }
}

const YT = '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Video from YouTube"></iframe>'

describe('embedVideos', () => {
  it("makes a player's frame the stored embed, keeping its title", () => {
    expect(imported('<iframe width="560" height="315" src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed" title="The launch" allowfullscreen></iframe>')).toEqual({
      html: '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="The launch"></iframe>',
      made: 1,
    })
    expect(imported('<figure class="kg-card"><iframe src="//player.vimeo.com/video/76979871?app_id=1"></iframe><figcaption>The tour</figcaption></figure>').html).toBe(
      '<figure><iframe src="https://player.vimeo.com/video/76979871" title="Video from Vimeo"></iframe><figcaption>The tour</figcaption></figure>',
    )
  })

  it("makes a video's URL or link alone in its paragraph or block an embed, as WordPress embeds one", () => {
    expect(imported('<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>').html).toBe(YT)
    expect(imported('<figure class="wp-block-embed"><div class="wp-block-embed__wrapper">\nhttps://youtu.be/dQw4w9WgXcQ\n</div></figure>').html).toBe(`<figure>${YT}</figure>`)
    expect(imported('<p><a href="https://vimeo.com/76979871">Our tour</a></p>').html).toBe('<iframe src="https://player.vimeo.com/video/76979871" title="Our tour"></iframe>')
  })

  it('leaves a video link inside a sentence, other frames and other hosts as they are', () => {
    const sentence = '<p>Watch <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">this</a> first.</p>'
    expect(imported(sentence)).toEqual({ html: sentence, made: 0 })
    expect(imported('<p>https://evil.test/watch?v=dQw4w9WgXcQ</p>')).toEqual({ html: '<p>https://evil.test/watch?v=dQw4w9WgXcQ</p>', made: 0 })
    expect(imported('<iframe src="https://maps.example/embed"></iframe><p>x</p>')).toEqual({ html: '<p>x</p>', made: 0 })
    expect(imported('<iframe src="https://www.youtube.com.evil.test/embed/dQw4w9WgXcQ"></iframe>').made).toBe(0)
  })
})
