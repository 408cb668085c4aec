import { parseRichText } from '../../core/site-content/rich-text.ts'

/**
 * A field of the site's copy written as rich text (core/site-content/rich-text.ts): plain
 * text, `**strong**` runs and `[label](url)` links, as React elements, never as HTML. The server
 * checked the text against its schema (links included) before any page got it.
 */
export function RichText(props: { text: string }) {
  return parseRichText(props.text).map((run, index) => {
    if (typeof run === 'string') return run
    if ('strong' in run) return <strong key={index}>{run.strong}</strong>
    return (
      <a key={index} href={run.href}>
        {run.link}
      </a>
    )
  })
}
