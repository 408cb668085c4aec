/**
 * A post's blocks beyond text, lists, quotes, code, tables and figures, each in the one shape a
 * post holds it (core/post-html-rules.ts, docs/content.md), as a post file holds them: the unit
 * tests hold every consumer of the rules to them, the browser tests show them on a post page.
 * The images are the site's own (`public/images/`), so a page shows them.
 */
const IMAGE = '/images/social-card.jpg'

export const POST_BLOCKS: Readonly<Record<string, string>> = {
  'headings h4–h6': '<h4 id="four">Four</h4>\n<h5>Five</h5>\n<h6 id="six">Six</h6>',
  toggle: '<details>\n<summary>Does it <em>work</em> offline?</summary>\n<p>Yes, downloads play anywhere.</p>\n<ul>\n<li>Downloads</li>\n</ul>\n</details>',
  citation: '<blockquote>\n<p>Simple is hard.</p>\n<p><cite>A. Person</cite></p>\n</blockquote>',
  footnotes:
    '<p>A claim<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup> and another<sup><a href="#fn-source" id="fnref-source" role="doc-noteref">2</a></sup>.</p>\n' +
    '<section role="doc-endnotes">\n<ol>\n' +
    '<li id="fn-1"><p>Note text <a href="#fnref-1" role="doc-backlink">↩</a></p></li>\n' +
    '<li id="fn-source"><p>The <a href="https://x.example/">source</a>. <a href="#fnref-source" role="doc-backlink">↩</a></p></li>\n' +
    '</ol>\n</section>',
  callout: '<aside role="note">\n<p>Back up your playlists first.</p>\n<ul>\n<li>Export</li>\n</ul>\n</aside>',
  button: '<p><a href="https://x.example/download" class="button">Start watching</a></p>',
  'file download': '<p><a href="/media/2025/manual.pdf" download>User manual (PDF)</a></p>',
  gallery:
    `<figure class="gallery"><figure><img src="${IMAGE}" alt="The harbour" width="1200" height="630"><figcaption>The harbour</figcaption></figure>` +
    `<figure><img src="${IMAGE}" alt="The lighthouse"></figure><figure><img src="${IMAGE}" alt="The beach"></figure><figcaption>Gallery caption</figcaption></figure>`,
  'bookmark card':
    `<figure class="bookmark"><a href="https://x.example/post"><img src="${IMAGE}" alt=""><strong>A bookmarked page with a rather long title that wraps</strong>` +
    '<span>Its description, which says what the page is about in a sentence or two.</span></a></figure>',
  'bookmark card, title only': '<figure class="bookmark"><a href="https://x.example/other"><strong>Title only</strong></a></figure>',
}

/** All of them in one post's content. */
export const ALL_POST_BLOCKS = Object.values(POST_BLOCKS).join('\n')
