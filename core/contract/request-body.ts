/**
 * The pieces the request schemas (`*-requests.ts` beside this) are made of. Those files import
 * zod, so the contract's index does not export them: the server and the admin import them by
 * path, and zod stays out of the public pages' bundles.
 */
import { z } from 'zod'

/** A body that is no object (a list) reads as one with no fields. */
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
