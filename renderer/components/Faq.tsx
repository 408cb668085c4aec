import * as Accordion from '@radix-ui/react-accordion'
import type { CSSProperties } from 'react'
import type { FaqItem } from './faq-data.ts'
import './faq.css'

/**
 * Radix sets its height variables on the content through an inline `style` attribute; the
 * Content-Security-Policy (`style-src 'self'`) forbids those in server HTML. Overriding them
 * with `undefined` makes React render no attribute at all. (After hydration Radix still sets
 * `--radix-collapsible-content-height` through the CSSOM, which the policy allows.)
 */
const NO_INLINE_STYLE = {
  '--radix-accordion-content-height': undefined,
  '--radix-accordion-content-width': undefined,
} as CSSProperties

/**
 * SPEC §2/§4 FAQ: an accordion with one item open at a time, all of which may be closed.
 * Answers are always in the HTML (`forceMount`, hidden by CSS while closed), so they are
 * indexed and the server markup matches the first client render.
 */
export function Faq(props: { items: readonly FaqItem[]; className?: string }) {
  return (
    <Accordion.Root type="single" collapsible className={`faq ${props.className ?? ''}`.trim()}>
      {props.items.map((item) => (
        <Accordion.Item key={item.question} value={item.question} className="faq__item">
          <Accordion.Header className="faq__heading">
            <Accordion.Trigger className="faq__trigger">
              <span>{item.question}</span>
              <svg className="faq__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="m6 9 6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content forceMount className="faq__content" style={NO_INLINE_STYLE}>
            <p className="faq__answer">{item.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  )
}
