import { useId } from 'react'
import type { FaqItem } from '../../core/site-content/faq.ts'
import { RichText } from './RichText.tsx'
import './faq.css'

/**
 * SPEC §2/§4 FAQ: an accordion with one item open at a time, all of which may be closed.
 *
 * The platform's own exclusive accordion, no JavaScript: `<details>` elements that share a
 * `name` form a group in which opening one closes the others, and each can be closed again
 * (Chromium 120+, Safari 17.2+, Firefox 130+; older browsers let several stay open). The
 * browser handles the keyboard (Tab to a question, Enter or Space toggles it) and tells
 * assistive technology whether each one is expanded; closed answers are hidden from everyone
 * but stay in the server HTML, so they are indexed.
 *
 * Each list is its own group: `name`, or an id from `useId()` (the same on the server and in
 * the browser, so hydration matches). The chevron is drawn by faq.css (`summary::after`), so
 * this component ships as little JavaScript as possible (the landing page's budget).
 */
export function Faq(props: { items: readonly FaqItem[]; className?: string; name?: string }) {
  const id = useId()
  const name = props.name ?? `faq${id}`
  return (
    <div className={props.className ? `faq ${props.className}` : 'faq'}>
      {props.items.map((item) => (
        <details key={item.question} name={name} className="faq__item">
          <summary className="faq__trigger">
            <h3 className="faq__heading">{item.question}</h3>
          </summary>
          <p className="faq__answer">
            <RichText text={item.answer} />
          </p>
        </details>
      ))}
    </div>
  )
}
