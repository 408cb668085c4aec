import { escapeJsonForScript } from '../../core/escape-markup.ts'
import type { FaqItem } from '../../core/site-content/faq.ts'
import { parseRichText, plainTextOf } from '../../core/site-content/rich-text.ts'

/** schema.org FAQPage for the visible FAQ, so search engines read exactly the same questions and answers (as text). */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: plainTextOf(parseRichText(item.answer)) },
    })),
  }
}

/**
 * A data block, not a script: `application/ld+json` is never executed, so the
 * Content-Security-Policy has nothing to block.
 */
export function FaqJsonLd(props: { items: readonly FaqItem[] }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: escapeJsonForScript(faqPageJsonLd(props.items)) }}
    />
  )
}
