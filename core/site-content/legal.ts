/** `content/site/legal.yaml`: the legal page (SPEC §2: Terms of Service, Privacy Policy, Disclaimer). */
import { z } from 'zod'
import { anchor, list, richText, text } from './fields.ts'

/** A paragraph (rich text: bold and links), or a bulleted list of them. */
const block = z.union([richText(2000), z.strictObject({ list: list(richText(1000), 1, 20) })])

export const legalSchema = z.strictObject({
  title: text(80),
  intro: text(200),
  updated: text(120),
  sections: list(
    z.strictObject({
      /** The section's anchor (`/legal#terms`): links elsewhere point at it, so change it with care. */
      id: anchor(),
      title: text(120),
      /** Whether the "On this page" links name it. */
      inContents: z.boolean(),
      blocks: list(block, 0, 20),
      topics: list(z.strictObject({ id: anchor(), title: text(120), blocks: list(block, 1, 20) }), 0, 20),
    }),
    1,
    10,
  ),
})

export type LegalContent = z.infer<typeof legalSchema>
export type LegalBlock = z.infer<typeof block>
