/** The editor's code language picker offers what the page colours, and keeps a language it does not list. */
import { describe, expect, it } from 'vitest'
import { CODE_LANGUAGES, codeLanguageChoices } from '../../pages/admin/blog/editor/code-languages.ts'
import { isHighlighted } from '../../server/content/highlight-code.ts'
import { CODE_LANGUAGE } from '../../core/post-html-rules.ts'

describe('the code language picker', () => {
  it('offers only languages the page colours, each a language a post may name, once', () => {
    for (const { value } of CODE_LANGUAGES) {
      expect(isHighlighted(value), value).toBe(true)
      expect(CODE_LANGUAGE.test(value), value).toBe(true)
    }
    expect(new Set(CODE_LANGUAGES.map((choice) => choice.value)).size).toBe(CODE_LANGUAGES.length)
    expect(new Set(CODE_LANGUAGES.map((choice) => choice.label)).size).toBe(CODE_LANGUAGES.length)
  })

  it('starts with plain text, and shows a block\'s own language when the list lacks it', () => {
    expect(codeLanguageChoices('')[0]).toEqual({ value: '', label: 'Plain text' })
    expect(codeLanguageChoices('python').map((choice) => choice.value)).toEqual(['', ...CODE_LANGUAGES.map((choice) => choice.value)])
    expect(codeLanguageChoices('mermaid').slice(0, 2)).toEqual([
      { value: '', label: 'Plain text' },
      { value: 'mermaid', label: 'mermaid' },
    ])
    expect(codeLanguageChoices('js').map((choice) => choice.value)).toContain('js')
  })
})
