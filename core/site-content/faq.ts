/** A FAQ (SPEC §3 FAQ item: question, answer), as the landing and pricing pages hold one each. */
import { z } from 'zod'
import { list, richText, text } from './fields.ts'

const faqItemSchema = z.strictObject({
  question: text(200),
  /** Rich text: links and emphasis (the structured data for search engines gets its plain text). */
  answer: richText(1200),
})

export function faqItems() {
  return list(faqItemSchema, 1, 30)
}

export type FaqItem = z.infer<typeof faqItemSchema>
