/**
 * The one way a request's body, query or route parameter is read: through its schema in the
 * contract (core/contract/), which carries SPEC's messages. A wrong value is an InvalidInputError
 * (400) with the first issue's message, at its field; a right one comes back typed, so what a
 * route hands to a service has been checked once, here.
 */
import type { z } from 'zod'
import { InvalidInputError, NotFoundError } from './errors.ts'

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new InvalidInputError('Invalid input')
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined
  throw new InvalidInputError(issue.message, field)
}

/**
 * A route parameter that names a thing (a post's id, a page of the site's copy, an image): one
 * that cannot name anything is answered as one that names nothing, a 404 with the schema's
 * message, not a 400 (the address is wrong, not a form).
 */
export function parseParam<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw new NotFoundError(result.error.issues[0]?.message)
}
