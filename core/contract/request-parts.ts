/**
 * The pieces the request schemas (`*-requests.ts` beside this) are made of: a JSON body's
 * fields, a field a body may leave out, and a list's query parameters. Every piece says its own
 * messages: zod's defaults never reach a client.
 */
import { z } from 'zod'
import { MAX_SEARCH_LENGTH } from './limits.ts'

/**
 * A body's fields, read as untrusted input: an object's own, or none for anything else (null, a
 * list), so each field then says what it lacks. Fields the shape does not name are dropped.
 */
export function bodyFields<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.preprocess((body) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}), z.object(shape))
}

/** A field a body may leave out; null says the same (a JSON client may have no other way to). */
export function omittable<Schema extends z.ZodType>(schema: Schema) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional()
}

/** What a query parameter that is no single text is told: `?q=a&q=b` arrives as a list. */
function onceMessage(name: string) {
  return (issue: { input?: unknown }) => (Array.isArray(issue.input) ? `${name} may be given once` : `${name} must be text`)
}

/** A query parameter given at most once, or not at all. */
export function onceParam(name: string) {
  return z.string({ error: onceMessage(name) }).optional()
}

/** `q`: words to look for, trimmed; blank is no search. */
export function searchParam(name: string) {
  return z
    .string({ error: onceMessage(name) })
    .max(MAX_SEARCH_LENGTH, { message: `${name} is too long (at most ${MAX_SEARCH_LENGTH} characters)`, abort: true })
    .transform((value) => value.trim() || undefined)
    .optional()
}

/** A whole number from 1 to `max` (`page`, `perPage`), written plainly: no sign, exponent, fraction or leading zero. */
export function wholeNumberParam(name: string, max: number) {
  const message = `${name} must be a whole number from 1 to ${max}`
  return z
    .string({ error: onceMessage(name) })
    .refine((text) => /^[1-9][0-9]{0,6}$/.test(text) && Number(text) <= max, { message, abort: true })
    .transform(Number)
    .optional()
}
