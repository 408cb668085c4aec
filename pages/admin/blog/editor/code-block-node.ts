import { codeBlockSchema } from '@milkdown/kit/preset/commonmark'
import { CODE_LANGUAGE, languageClass } from '../../../../core/post-html-rules.ts'

/** A code block's language as posts write it (<code class="language-x">), or as pasted HTML may. */
function languageOf(pre: HTMLElement): string {
  const code = pre.querySelector('code')
  const classes = [...pre.classList, ...(code?.classList ?? [])]
  const fromClass = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length)
  const language = (pre.dataset.language ?? fromClass ?? '').toLowerCase()
  return CODE_LANGUAGE.test(language) ? language : ''
}

/**
 * The preset's code block, reading and writing the language the way posts store it:
 * <pre><code class="language-text">…</code></pre> (the preset uses <pre data-language>).
 */
export const codeBlockLanguageSchema = codeBlockSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  parseDOM: [
    {
      tag: 'pre',
      preserveWhitespace: 'full',
      getAttrs: (dom: HTMLElement) => ({ language: languageOf(dom) }),
    },
  ],
  toDOM: (node) => {
    const name = languageClass(node.attrs.language as string)
    return ['pre', ['code', name ? { class: name } : {}, 0]]
  },
}))
