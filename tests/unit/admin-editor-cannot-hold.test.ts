import { describe, expect, it } from 'vitest'
import { elementsEditorCannotHold } from '../../pages/admin/blog/editor/editor-cannot-hold.ts'

describe('elementsEditorCannotHold', () => {
  it('names the tables and figures a post holds', () => {
    expect(elementsEditorCannotHold('<p>Hi</p>\n<table><tbody><tr><td>1</td></tr></tbody></table>')).toEqual(['a table'])
    expect(elementsEditorCannotHold('<figure><img src="/media/a.jpg" alt=""><figcaption>A</figcaption></figure>\n<TABLE class="x">')).toEqual(['a table', 'a figure'])
  })

  it('finds nothing in what the editor makes, nor in words that only look alike', () => {
    expect(elementsEditorCannotHold('<h2 id="tables">Tables</h2>\n<p>A &lt;table&gt; and a figurehead, <code>&lt;figure&gt;</code>.</p>\n<tablet>')).toEqual([])
  })
})
