import { describe, expect, it } from 'vitest'
import { htmlText, searchWords } from '../../server/content/search-words.ts'
import { hasEveryWord, WordIndex } from '../../server/services/search/word-index.ts'

describe('searchWords', () => {
  it('folds case and accents, and splits at anything but letters and digits', () => {
    expect(searchWords('Café CAFÉ cafe')).toEqual(['cafe'])
    expect(searchWords('Ünïcödé naïve façade jalapeño')).toEqual(['unicode', 'naive', 'facade', 'jalapeno'])
    expect(searchWords('it’s “quoted” — apple-tv, 3.5 mb/s')).toEqual(['it', 's', 'quoted', 'apple', 'tv', '3', '5', 'mb'])
    // Compatibility forms made plain: a ligature, full-width letters, a superscript.
    expect(searchWords('ﬁne ＷＩＦＩ x²')).toEqual(['fine', 'wifi', 'x2'])
    // Other scripts are words too, lowercased.
    expect(searchWords('Привет ΣΊΣΥΦΟΣ 東京タワー')).toEqual(['привет', 'σισυφος', '東京タワー'])
    expect(searchWords('🎬 movie night ★★★')).toEqual(['movie', 'night'])
  })

  it('gives nothing for a text without a letter or digit', () => {
    expect(searchWords('')).toEqual([])
    expect(searchWords(' ?! … — «» ')).toEqual([])
  })
})

describe('htmlText', () => {
  it('keeps the text: a block tag is a space, an inline one nothing, references decoded', () => {
    expect(htmlText('<p>Wi<strong>Fi</strong> now</p>\n<p>next<br>line</p>').split(/\s+/).filter(Boolean)).toEqual(['WiFi', 'now', 'next', 'line'])
    expect(htmlText('<p>a &amp; b &lt;c&gt; &#233;t&#xE9; &quot;q&quot; &nbsp;&unknown;</p>')).toBe(' a & b <c> été "q"    ')
    // An attribute's value is never text, even with a `>` inside it.
    expect(htmlText('<p><a href="https://x.example/secret" title="a > b">link</a></p>')).toBe(' link ')
    // A reference to no character is no character.
    expect(htmlText('&#0;&#xD800;&#9999999;')).toBe('   ')
  })

  it('leaves out a footnote’s marks, so its number is not glued to the word before it', () => {
    const html =
      '<p>A claim<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup> and x<sup>2</sup>.</p>\n' +
      '<section role="doc-endnotes">\n<ol>\n<li id="fn-1"><p>The <cite>source</cite> <a href="#fnref-1" role="doc-backlink">↩</a></p></li>\n</ol>\n</section>'
    expect(htmlText(html).split(/\s+/).filter(Boolean)).toEqual(['A', 'claim', 'and', 'x2.', 'The', 'source'])
  })

  it('reads the other blocks of a post as text: a toggle, a callout, a bookmark card', () => {
    const html =
      '<details>\n<summary>Open</summary>\n<p>me</p>\n</details>\n<aside role="note">\n<p>Careful</p>\n</aside>\n' +
      '<figure class="bookmark"><a href="https://x.example/"><strong>Title</strong><span>Description</span></a></figure>'
    expect(htmlText(html).split(/\s+/).filter(Boolean)).toEqual(['Open', 'me', 'Careful', 'Title', 'Description'])
  })
})

describe('WordIndex', () => {
  it('numbers each word once and finds the words that contain a fragment', () => {
    const index = new WordIndex()
    const first = index.idsOf(['apple', 'tv', 'tips'])
    const second = index.idsOf(['tv', 'guide', 'pineapple'])
    expect([...first]).toEqual([0, 1, 2])
    expect([...second]).toEqual([1, 3, 4])
    expect(index.size).toBe(5)
    const marked = (fragment: string) => [...index.containing(fragment).marks].flatMap((mark, id) => (mark ? [id] : []))
    expect(marked('apple')).toEqual([0, 4])
    expect(marked('t')).toEqual([1, 2])
    expect(marked('e')).toEqual([0, 3, 4])
    expect(marked('s')).toEqual([2])
    expect(marked('zebra')).toEqual([])
    expect(index.containing('e').count).toBe(3)
    // A fragment never spans two words.
    expect(marked('pletv')).toEqual([])
    // Words added after a search are found by the next.
    index.idsOf(['applesauce'])
    expect(marked('apple')).toEqual([0, 4, 5])

    expect(hasEveryWord(first, [index.containing('app').marks, index.containing('tv').marks])).toBe(true)
    expect(hasEveryWord(first, [index.containing('app').marks, index.containing('guide').marks])).toBe(false)
    expect(hasEveryWord(second, [])).toBe(true)
  })
})
