import { withoutStatus } from '../blog/field-errors.ts'

/**
 * A refusal of an account form, said at the field it concerns, as the post form does: the
 * server's reason (SPEC §8's "<status>: <body>") starts with the field's name, which becomes its
 * label. A 429 (too many wrong passwords) belongs to `rateLimitedField` when the form has one.
 * Null when the refusal names none of the form's fields: the form says it beside its button.
 *
 *   "400: displayName is required"      → displayName: "Display name is required."
 *   "400: currentPassword is wrong"     → currentPassword: "Current password is wrong."
 */
export function accountFieldError<N extends string>(
  message: string,
  labels: Record<N, string>,
  rateLimitedField?: N,
): { field: N; message: string } | null {
  const reason = withoutStatus(message)
  if (message.startsWith('429: ') && rateLimitedField) return { field: rateLimitedField, message: reason }
  if (!message.startsWith('400: ')) return null
  const named = /^(\w+) (.+)$/s.exec(reason)
  if (!named || !Object.hasOwn(labels, named[1]!)) return null
  const field = named[1] as N
  const text = `${labels[field]} ${named[2]}`
  return { field, message: /[.!?]$/.test(text) ? text : `${text}.` }
}
