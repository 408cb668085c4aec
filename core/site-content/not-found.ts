/** `content/site/not-found.yaml`: the not-found page (SPEC §2, §9: 404, one of 15 humorous lines, Back to Home). */
import { z } from 'zod'
import { list, text } from './fields.ts'

export const notFoundSchema = z.strictObject({
  code: text(10),
  title: text(80),
  /** One is chosen at random for each visit. */
  lines: list(text(200), 1, 50),
  note: text(300),
  button: text(40),
})

export type NotFoundContent = z.infer<typeof notFoundSchema>
