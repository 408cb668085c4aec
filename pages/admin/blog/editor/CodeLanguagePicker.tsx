import { useId } from 'react'
import type { EditorBridge } from './editor-bridge.ts'
import { codeLanguageChoices, setCodeLanguage } from './code-languages.ts'

export interface CodeLanguagePickerProps {
  bridge: EditorBridge
  /** The language of the code block the cursor is in ('' for plain text), or null outside one: nothing is shown. */
  language: string | null
  disabled: boolean
}

/**
 * The language of the code block the cursor is in, shown with the toolbar while the cursor is
 * there: a labelled select, "Plain text" and the languages the page colours, plus the block's
 * own when the list lacks it (kept as written: a post opened and saved again stays the same).
 * The choice is written as `<code class="language-…">` (code-block-node.ts).
 */
export function CodeLanguagePicker({ bridge, language, disabled }: CodeLanguagePickerProps) {
  const id = useId()
  if (language === null) return null
  return (
    <div className="rte-code-language">
      <label htmlFor={id}>Code language</label>
      <select id={id} value={language} disabled={disabled} onChange={(event) => bridge.run(setCodeLanguage(event.target.value))}>
        {codeLanguageChoices(language).map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}
