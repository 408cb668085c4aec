import { describe, expect, it } from 'vitest'
import { diffContent } from '../../server/content/content-diff.ts'
import { describePostChange, fieldWords } from '../../core/post-change-words.ts'

describe('diffContent', () => {
  it('marks the words inserted and removed inside the new structure, one block per line', () => {
    expect(diffContent('<h2>Hello world</h2>\n<p>One two three.</p>', '<h2>Hello world</h2>\n<p>One <strong>two</strong> four.</p>')).toEqual({
      html: '<h2>Hello world</h2>\n<p>One <strong>two</strong> <del>three</del><ins>four</ins>.</p>',
      inserted: 1,
      removed: 1,
    })
  })

  it('shows a block removed or added whole in its own structure, and an image removed in <del>', () => {
    expect(diffContent('<p>Kept.</p>\n<h3>Gone heading</h3>', '<p>Kept.</p>\n<ul>\n<li>New item</li>\n</ul>').html).toBe(
      '<p>Kept.</p>\n<ul>\n<li><ins>New</ins> <ins>item</ins></li>\n</ul>\n<h3><del>Gone</del> <del>heading</del></h3>'.replace(/<\/ins> <ins>/g, ' ').replace(/<\/del> <del>/g, ' '),
    )
    expect(diffContent('<p>Keep <img src="/a.png" alt="a"> it</p>', '<p>Keep it</p>')).toMatchObject({ html: '<p>Keep <del><img src="/a.png" alt="a"> </del>it</p>', removed: 1 })
  })

  it('escapes text and keeps attributes as values, whatever the words hold', () => {
    const { html } = diffContent('<p>a &lt;b&gt; <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">link</a></p>', '<p>a &lt;script&gt; <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">link</a></p>')
    expect(html).toBe('<p>a &lt;<del>b</del><ins>script</ins>> <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">link</a></p>')
  })

  it('is the new version unmarked when nothing changed', () => {
    const html = '<h2>A</h2>\n<p>B</p>'
    expect(diffContent(html, html)).toEqual({ html, inserted: 0, removed: 0 })
  })
})

describe('describePostChange', () => {
  const date = (iso: string) => iso.slice(0, 10)
  it('says each kind in words', () => {
    expect(describePostChange({ kind: 'created', fields: [] }, date)).toBe('Created')
    expect(describePostChange({ kind: 'edited', fields: ['content', 'title'] }, date)).toBe('Title and content')
    expect(describePostChange({ kind: 'edited', fields: [] }, date)).toBe('No visible change')
    expect(describePostChange({ kind: 'published', fields: [] }, date)).toBe('Published')
    expect(describePostChange({ kind: 'unpublished', fields: ['summary', 'slug', 'featuredImageUrl'] }, date)).toBe('Unpublished; changed slug, summary and featured image')
    const restoredFrom = { commit: 'a'.repeat(40), author: { name: 'Ada', email: 'a@x' }, date: '2025-11-03T10:00:00.000Z' }
    expect(describePostChange({ kind: 'restored', fields: [], restoredFrom }, date)).toBe('Restored from 2025-11-03')
    expect(describePostChange({ kind: 'restored', fields: ['publishDate'], restoredFrom }, date)).toBe('Restored from 2025-11-03 (publish date)')
    expect(describePostChange({ kind: 'deleted', fields: [] }, date)).toBe('Deleted')
    expect(fieldWords(['title'])).toBe('title')
  })
})
