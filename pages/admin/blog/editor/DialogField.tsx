/**
 * One labelled text field of the editor's dialogs, with its error (announced, and tied to the
 * input by aria-describedby) and an optional hint. `id` comes from the dialog, which moves
 * focus to the field when its value is refused.
 */
export function DialogField(props: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: string
  /** An address: URL keyboard, no spelling check. */
  url?: boolean
  placeholder?: string
  disabled?: boolean
}) {
  const { id, label, value, onChange, error, hint, url, placeholder, disabled } = props
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ')
  return (
    <div className="rte-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={url ? 'url' : undefined}
        autoComplete="off"
        spellCheck={url ? false : undefined}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p id={errorId} className="rte-field__error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="rte-field__hint">
          {hint}
        </p>
      )}
    </div>
  )
}
