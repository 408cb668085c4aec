/**
 * The pieces the request schemas (`*-requests.ts` beside this) are made of: a JSON body's
 * fields, a field a body may leave out or hold anything in, a text held to a rule, and a list's
 * query parameters. Every piece says its own messages: zod's defaults never reach a client.
 * These files import zod, so the contract's index exports only their types: the server and the
 * admin import the schemas by path, and zod stays out of the public pages' bundles.
 */
import { z } from 'zod'
import { MAX_SEARCH_LENGTH } from './limits.ts'

/** A body that is no object (null, a list) reads as one with no fields. */
function fieldsOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}
}

/**
 * A JSON body's schema (or a route's parameters') from its fields'. A body that is no object
 * reads as one without fields, so the answer names the first field it lacks; fields not named
 * are left out of what the route gets, as they were always ignored.
 */
export function requestBody<S extends z.ZodRawShape>(shape: S) {
  return z.preprocess(fieldsOf, z.object(shape))
}

/**
 * A field read whatever it holds, absent included (`undefined`), by a schema of its own. A field
 * that may be absent must be optional in zod's eyes, or zod answers its own words for it.
 */
export function anyValue() {
  return z.unknown().optional()
}

/**
 * A text field held to one of the contract's rules (account-fields.ts), refused as
 * "`name` `problem`". With `trim`, the spaces around a typed value go first.
 */
export function ruledText(name: string, check: (value: unknown) => string | null, options: { trim?: boolean } = {}) {
  return anyValue().transform((value, ctx) => {
    const text = options.trim && typeof value === 'string' ? value.trim() : value
    const problem = check(text)
    if (problem === null) return text as string
    ctx.issues.push({ code: 'custom', message: `${name} ${problem}`, input: value })
    return z.NEVER
  })
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
