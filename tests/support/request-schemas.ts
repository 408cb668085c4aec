/**
 * For the request schemas' unit tests (core/contract/*-requests.ts): what a value answers when a
 * route reads it (parseInput's 400, parseParam's 404), the hostile values every schema meets, and
 * a mark on any issue a schema has no message of its own for, so a test sees zod's made-up
 * message before a client could.
 */
import { z } from 'zod'
import { AppError, InvalidInputError } from '../../server/lib/errors.ts'
import { parseInput, parseParam } from '../../server/lib/parse-input.ts'

/** What an issue says when its schema set no message (zod's own English otherwise). */
export const ZOD_DEFAULT = '<<a message zod made up>>'

/**
 * Until the calling test file ends, an issue without a message of its schema's says ZOD_DEFAULT.
 * For `beforeAll`, which calls the function returned after the file's last test: the suites keep
 * their modules from file to file (vitest.config.ts), zod's config with them, and a file after
 * this one must see zod as the server does.
 */
export function markZodDefaults(): () => void {
  z.config({ customError: () => ZOD_DEFAULT })
  return () => z.config({ customError: undefined })
}

/** The 400 a route answers for `value` (its message and field), or null when the schema takes it. */
export function problemOf(schema: z.ZodType, value: unknown): { message: string; field: string | undefined } | null {
  try {
    parseInput(schema, value)
    return null
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error
    return { message: error.message, field: error.field }
  }
}

/** The 400 a route answers for `value` (its message and field); a value the schema takes fails the test. */
export function refusal(schema: z.ZodType, value: unknown): { message: string; field: string | undefined } {
  const problem = problemOf(schema, value)
  if (problem === null) throw new Error(`${JSON.stringify(value)} was accepted`)
  return problem
}

/** The message of the 404 a route answers for a parameter `value`, or null when the schema takes it. */
export function notFoundOf(schema: z.ZodType, value: unknown): string | null {
  try {
    parseParam(schema, value)
    return null
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'not_found') throw error
    return error.message
  }
}

/** Values no field should take as they are: wrong types, lists for objects, a prototype key, a huge text. */
export const HOSTILE_VALUES: readonly unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  true,
  false,
  '',
  ' ',
  'x'.repeat(3_000_000),
  '\u0000',
  [],
  [1],
  ['a', 'b'],
  [null],
  {},
  { toString: 'x' },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  new Date(0),
]

/** A body with a `__proto__` key, as JSON.parse makes one (an own key, not the prototype). */
export function withProtoKey(fields: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(`{"__proto__": {"polluted": true, "title": "from the prototype"}, ${JSON.stringify(fields).slice(1)}`) as Record<string, unknown>
}

/** A hostile value in an assertion's message, whatever it is. */
export function labelOf(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 20)) : Object.prototype.toString.call(value)
}
