import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeHtmlAttribute, escapeHtmlText, escapeJsonForScript, escapeXmlAttribute, escapeXmlText, xmlCharacters } from '../../core/escape-markup.ts'

/** XML 1.0 §2.2 `Char`, as code points. */
const isXmlCharacter = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)

const anyText = fc.string({ unit: 'binary', maxLength: 60 })

describe('xmlCharacters', () => {
  it('drops C0 controls but tab, LF and CR, lone surrogates, U+FFFE and U+FFFF; keeps the rest, astral characters included', () => {
    // \uD800\uDC00 is a pair (U+10000), kept; the \uD800 and \uDFFF around it are alone.
    expect(xmlCharacters('a\u0000b\u0001\u0008\u000b\u000c\u001f\t\n\r\u007f\u0085\uD800\uD800\uDC00\uDFFF\uFFFE\uFFFF\u{1F600}\uFFFD')).toBe(
      'ab\t\n\r\u007f\u0085\u{10000}\u{1F600}\uFFFD',
    )
  })

  it('leaves only XML characters, and removes nothing else', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const kept = [...xmlCharacters(text)]
        expect(kept.every((character) => isXmlCharacter(character.codePointAt(0)!) && character.length === (character.codePointAt(0)! > 0xffff ? 2 : 1))).toBe(true)
        expect(kept).toEqual([...text].filter((character) => isXmlCharacter(character.codePointAt(0)!) && !(character.length === 1 && character >= '\uD800' && character <= '\uDFFF')))
      }),
    )
  })
})

describe('escapeXmlText and escapeXmlAttribute', () => {
  it('never leave a CDATA end, a tag or a bare ampersand', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const escaped of [escapeXmlText(text), escapeXmlAttribute(text)]) {
          expect(escaped).not.toMatch(/]]>|<|&(?!(amp|lt|gt|quot|#13|#9|#10);)/)
        }
        expect(escapeXmlAttribute(text)).not.toMatch(/["\t\n\r]/)
        expect(escapeXmlText(text)).not.toContain('\r')
      }),
    )
  })

  it('escape what they must', () => {
    expect(escapeXmlText('a ]]> & <b> "q" \r\n')).toBe('a ]]&gt; &amp; &lt;b&gt; "q" &#13;\n')
    expect(escapeXmlAttribute('a "q" <&>\t\n\r')).toBe('a &quot;q&quot; &lt;&amp;&gt;&#9;&#10;&#13;')
  })
})

describe('escapeHtmlText and escapeHtmlAttribute', () => {
  it('escape what they must, and nothing else', () => {
    expect(escapeHtmlText(`a & <b> "q" 'r' \t\n`)).toBe(`a &amp; &lt;b&gt; "q" 'r' \t\n`)
    expect(escapeHtmlAttribute(`a & <b> "q" 'r'`)).toBe(`a &amp; &lt;b&gt; &quot;q&quot; 'r'`)
    // Already escaped text is escaped again: the input is text, never markup.
    expect(escapeHtmlText('&amp;')).toBe('&amp;amp;')
  })

  it('never leave a tag, a bare ampersand, or (in an attribute) a quote that ends the value', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        for (const escaped of [escapeHtmlText(text), escapeHtmlAttribute(text)]) {
          expect(escaped).not.toMatch(/<|>|&(?!(amp|lt|gt|quot);)/)
          // Unescaping gives the text back.
          expect(escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')).toBe(text)
        }
        expect(escapeHtmlAttribute(text)).not.toContain('"')
      }),
    )
  })
})

describe('escapeJsonForScript', () => {
  it('writes <, > and & as JSON escapes, so no text can end the script element', () => {
    expect(escapeJsonForScript({ text: '</script><script>alert(1)</script> & more' })).toBe(
      '{"text":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e \\u0026 more"}',
    )
  })

  it('reads back as the same value, and holds no <, > or &', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = escapeJsonForScript(value)
        expect(json).not.toMatch(/[<>&]/)
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })
})
