import type { Command } from '@milkdown/kit/prose/state'

/** A language the code block picker offers: the name written in `class="language-…"`, and what the picker shows. */
export interface CodeLanguage {
  value: string
  label: string
}

/**
 * The languages the page colours (highlight.js's common set, server/content/highlight-code.ts),
 * by the name each is best known by; tests/unit/code-languages.test.ts checks the page knows
 * each one. A post may name any other language (`js`, `mermaid`): the picker keeps and shows it.
 */
export const CODE_LANGUAGES: readonly CodeLanguage[] = [
  { value: 'bash', label: 'Bash' },
  { value: 'c', label: 'C' },
  { value: 'cpp', label: 'C++' },
  { value: 'csharp', label: 'C#' },
  { value: 'css', label: 'CSS' },
  { value: 'diff', label: 'Diff' },
  { value: 'go', label: 'Go' },
  { value: 'graphql', label: 'GraphQL' },
  { value: 'html', label: 'HTML' },
  { value: 'ini', label: 'INI, TOML' },
  { value: 'java', label: 'Java' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'json', label: 'JSON' },
  { value: 'kotlin', label: 'Kotlin' },
  { value: 'less', label: 'Less' },
  { value: 'lua', label: 'Lua' },
  { value: 'makefile', label: 'Makefile' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'objectivec', label: 'Objective-C' },
  { value: 'perl', label: 'Perl' },
  { value: 'php', label: 'PHP' },
  { value: 'python', label: 'Python' },
  { value: 'r', label: 'R' },
  { value: 'ruby', label: 'Ruby' },
  { value: 'rust', label: 'Rust' },
  { value: 'scss', label: 'SCSS' },
  { value: 'shell', label: 'Shell session' },
  { value: 'sql', label: 'SQL' },
  { value: 'swift', label: 'Swift' },
  { value: 'typescript', label: 'TypeScript' },
  { value: 'vbnet', label: 'Visual Basic .NET' },
  { value: 'wasm', label: 'WebAssembly' },
  { value: 'xml', label: 'XML' },
  { value: 'yaml', label: 'YAML' },
]

/** The picker's choices for a block in `language` ('' for plain text): the list, and the block's own language first when the list lacks it. */
export function codeLanguageChoices(language: string): readonly CodeLanguage[] {
  const plain = { value: '', label: 'Plain text' }
  if (language === '' || CODE_LANGUAGES.some((choice) => choice.value === language)) return [plain, ...CODE_LANGUAGES]
  return [plain, { value: language, label: language }, ...CODE_LANGUAGES]
}

/** Sets the language of the code block the cursor is in ('' for plain text); false outside a code block. */
export function setCodeLanguage(language: string): Command {
  return (state, dispatch) => {
    const { $from } = state.selection
    const block = $from.parent
    if (block.type.name !== 'code_block') return false
    dispatch?.(state.tr.setNodeMarkup($from.before(), undefined, { ...block.attrs, language }))
    return true
  }
}
