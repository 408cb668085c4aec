/**
 * Reading parsed data that came from outside (a Ghost export and its editor documents, a Markdown
 * post's front matter): every field an own property of the type it must have, so a `__proto__` or
 * `constructor` key is data, never a prototype's. Pure.
 */

export type Fields = Record<string, unknown>

export function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A field as an own property only: `__proto__`, `constructor` in an export are data. */
export function field(fields: Fields, name: string): unknown {
  return Object.hasOwn(fields, name) ? fields[name] : undefined
}

/** A string field as written (not trimmed: a code block's spaces are its content), else ''. */
export function stringField(fields: Fields, name: string): string {
  const value = field(fields, name)
  return typeof value === 'string' ? value : ''
}

/** A number field that is finite, else undefined. */
export function numberField(fields: Fields, name: string): number | undefined {
  const value = field(fields, name)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** A list field's items; none when it is absent or no list. */
export function listField(fields: Fields, name: string): unknown[] {
  const value = field(fields, name)
  return Array.isArray(value) ? value : []
}
