import { describe, expect, it } from 'vitest'
import { plainText } from '../../server/import/plain-text.ts'
import { summaryFromText } from '../../server/import/summary-text.ts'

describe('the plain text of imported HTML', () => {
  it('parts the words of blocks: table cells, list items, headings, paragraphs', () => {
    expect(plainText('<table><tr><td>Cell 1</td><td>Cell 2</td><td>Cell 3</td></tr></table>')).toBe('Cell 1 Cell 2 Cell 3')
    expect(plainText('<ul><li>One</li><li>Two</li></ul><h2>Three</h2><p>Four</p>Five')).toBe('One Two Three Four Five')
    expect(summaryFromText(plainText('<h4>H4 Heading</h4><h5>H5 Heading</h5>'))).toBe('H4 Heading H5 Heading')
  })

  it('keeps inline elements inside their words', () => {
    expect(plainText('Un<em>believ</em>able <a href="#">link</a>s')).toBe('Unbelievable links')
  })
})
