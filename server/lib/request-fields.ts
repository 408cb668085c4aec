/**
 * A JSON request body's fields, read as untrusted input: an object's own keys, or none for
 * anything else (null, a list, a string). Each reader then checks the fields it takes.
 */
export function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
}

/** A string field, or '' when it is missing or not a string. */
export function stringField(body: unknown, name: string): string {
  const value = fieldsOf(body)[name]
  return typeof value === 'string' ? value : ''
}
