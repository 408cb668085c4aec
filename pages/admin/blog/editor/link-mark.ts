import { linkSchema } from '@milkdown/kit/preset/commonmark'
import { sanitizeLinkHref } from './url-rules.ts'

/**
 * The preset's link with SPEC §5's rule: only http, https, mailto and tel (or relative) targets;
 * anything else — from a load, a paste or the dialog — becomes a blank link (href ""), never the
 * unsafe URL. `href: null` is an <a> with no href at all: what the server leaves of an unsafe
 * link it sanitized, kept as such so that opening that post changes nothing.
 * Not inclusive: typing at the end of a link does not extend it.
 */
export const safeLinkSchema = linkSchema.extendSchema((previous) => (ctx) => ({
  ...previous(ctx),
  inclusive: false,
  attrs: {
    href: { default: null, validate: 'string|null' },
    title: { default: null, validate: 'string|null' },
  },
  parseDOM: [
    {
      tag: 'a',
      getAttrs: (dom: HTMLElement) => {
        const href = dom.getAttribute('href')
        return { href: href === null ? null : sanitizeLinkHref(href), title: dom.getAttribute('title') }
      },
    },
  ],
  toDOM: (mark) => {
    const href = mark.attrs.href as string | null
    return ['a', { href: href === null ? null : sanitizeLinkHref(href), title: mark.attrs.title as string | null }, 0]
  },
}))
