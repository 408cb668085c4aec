import type { FieldName } from './field-errors.ts'

/** What is wrong with each field of a form that has a problem: the post form's (FieldErrors), the account page's. */
type ErrorsOf<N extends string> = Partial<Record<N, string>>

/** The id of a field's message, from the form's field ids. */
export const errorIdOf = (fieldId: (name: string) => string, name: string) => fieldId(`${name}-error`)

/**
 * What marks a field with a problem: `aria-invalid`, and the message as its description, so a
 * screen reader says why when focus arrives on the field. Nothing when the field is fine.
 */
export function invalidProps<N extends string = FieldName>(errors: ErrorsOf<N> | undefined, name: N, fieldId: (name: string) => string) {
  return errors?.[name] ? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(fieldId, name) } : {}
}

/** A field's message, under it; nothing when the field is fine. */
export function FieldError<N extends string = FieldName>(props: { errors: ErrorsOf<N> | undefined; name: N; fieldId: (name: string) => string }) {
  const message = props.errors?.[props.name]
  if (!message) return null
  return (
    <p id={errorIdOf(props.fieldId, props.name)} className="admin-field__error">
      {message}
    </p>
  )
}
