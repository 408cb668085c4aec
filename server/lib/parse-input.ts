/**
 * The one way a request's body, query or route parameter is read: through its schema in the
 * contract (core/contract/), which carries SPEC's messages. A wrong value is an InvalidInputError
 * (400) with the first issue's message, at its field; a right one comes back typed, so what a
 * route hands to a service has been checked once, here.
 */
import type { z } from 'zod'
import { InvalidInputError } from './errors.ts'

export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw new InvalidInputError('Invalid input')
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : undefined
  throw new InvalidInputError(issue.message, field)
}
