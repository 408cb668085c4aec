import type { ReactNode } from 'react'
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { fieldId } from './schema-walk.ts'

/** What every field of a file's form is given. */
export interface FieldProps {
  schema: z.ZodType
  /** Where its value is in the form (`plans.1.annualPrice`). */
  path: string
  label: string
}

/** A field's message from the form's errors (the schema's, or the server's on a refused save), or null. */
export function useFieldError(path: string): string | null {
  const { control } = useFormContext()
  const { errors } = useFormState({ control, name: path })
  const error = get(errors, path) as { message?: string; root?: { message?: string } } | undefined
  return error?.message ?? error?.root?.message ?? null
}

/**
 * What marks a field with a problem: `aria-invalid` and its message (with any hint) as its
 * description, so a screen reader says why when focus arrives on it.
 */
export function describedBy(path: string, error: string | null, hints: string[] = []) {
  const ids = [...(error ? [`${fieldId(path)}-error`] : []), ...hints]
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined }
}

/** A field's message under it; nothing when the field is fine. */
export function ErrorText(props: { path: string; error: string | null }) {
  if (!props.error) return null
  return (
    <p id={`${fieldId(props.path)}-error`} className="admin-field__error">
      {props.error}
    </p>
  )
}

/** "42 / 80": how much of a limited text is used, said at its field. */
export function Counter(props: { path: string; max: number }) {
  const value = useWatch({ name: props.path }) as unknown
  const length = typeof value === 'string' ? [...value].length : 0
  return (
    <span id={`${fieldId(props.path)}-count`} className={length > props.max ? 'site-field__count is-over' : 'site-field__count'}>
      {length} / {props.max}
      <span className="visually-hidden"> characters</span>
    </span>
  )
}

/** A field's label, its control, its hints and its message, one under the other. */
export function FieldShell(props: { path: string; label: string; error: string | null; children: ReactNode; after?: ReactNode }) {
  return (
    <div className="admin-field site-field">
      <label htmlFor={fieldId(props.path)}>{props.label}</label>
      {props.children}
      {props.after}
      <ErrorText path={props.path} error={props.error} />
    </div>
  )
}

/** The form's register, for the field components (they are all inside its FormProvider). */
export function useRegister() {
  return useFormContext().register
}
