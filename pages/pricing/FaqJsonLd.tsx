import type { FaqItem } from '../../renderer/components/faq-data.ts'

/** schema.org FAQPage for the visible FAQ, so search engines read exactly the same questions and answers. */
export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

/**
 * Text inside <script> ends at the first `</script`: writing `<`, `>` and `&` as JSON escapes
 * keeps any answer text inert, and JSON.parse still reads back exactly the same strings.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
}

/**
 * A data block, not a script: `application/ld+json` is never executed, so the
 * Content-Security-Policy has nothing to block.
 */
export function FaqJsonLd(props: { items: readonly FaqItem[] }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(faqPageJsonLd(props.items)) }}
    />
  )
}
