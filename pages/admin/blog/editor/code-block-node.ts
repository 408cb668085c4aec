import { codeBlockSchema } from '@milkdown/kit/preset/commonmark'

const LANGUAGE = /^[a-z0-9+#_-]{1,30}$/

/** A code block's language as posts write it (<code class="language-x">), or as pasted HTML may. */
function languageOf(pre: HTMLElement): string {
  const code = pre.querySelector('code')
  const classes = [...pre.classList, ...(code?.classList ?? [])]
  const fromClass = classes.find((name) => name.startsWith('language-'))?.slice('language-'.length)
  const language = (pre.dataset.language ?? fromClass ?? '').toLowerCase()
  return LANGUAGE.test(language) ? language : ''
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
    const language = node.attrs.language as string
    return ['pre', ['code', LANGUAGE.test(language) ? { class: `language-${language}` } : {}, 0]]
  },
}))
