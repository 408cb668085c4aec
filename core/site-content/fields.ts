/**
 * The kinds of field the site's copy is made of, as zod schemas: each page's schema
 * (`<page>.ts` beside this) is built from these, and so are its TypeScript types, the server's
 * validation of a file and the admin's form. Only the server and the admin import this (zod
 * stays out of the public pages' bundles: they import the types alone).
 */
import { z } from 'zod'
import { MAX_URL_LENGTH } from '../contract/limits.ts'
import { isAllowedImageSource, isAllowedUrl } from '../post-html-rules.ts'
import { CURRENCY_SYMBOLS, type Currency } from './money.ts'
import { readRichText } from './rich-text.ts'

/** Control characters and line breaks: a field of the copy is one line. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** Plain text of one line, 1 to `max` characters (a longer one is refused before anything reads it). */
export function text(max: number) {
  return z
    .string()
    .min(1, 'must not be empty')
    .max(max, { message: `must be at most ${max} characters`, abort: true })
    .refine((value) => !CONTROL.test(value), 'must be one line, without control characters')
}

/** Rich text (rich-text.ts: `**strong**` and `[label](url)` links whose URL `url()` accepts), 1 to `max` characters. */
export function richText(max: number) {
  return text(max)
    .superRefine((value, ctx) => {
      const read = readRichText(value)
      if ('error' in read) return void ctx.addIssue({ code: 'custom', message: `${read.error.reason} (character ${read.error.at + 1})` })
      for (const run of read.runs) {
        if (typeof run === 'object' && 'href' in run && !isSiteLink(run.href)) ctx.addIssue({ code: 'custom', message: `the link to ${JSON.stringify(run.href)} is not an address a link may have (${LINK_RULE})` })
      }
    })
    .meta(FORMAT.richText)
}

/**
 * What kind of field a schema is, beyond its zod type, for the admin's form: rich text, a
 * link's address and an e-mail are strings, a price and an image objects (FieldFormat).
 */
const FORMAT = {
  richText: { format: 'rich-text' },
  url: { format: 'url' },
  email: { format: 'email' },
  price: { format: 'price' },
  image: { format: 'image' },
} as const

export type FieldFormat = (typeof FORMAT)[keyof typeof FORMAT]['format']

const LINK_RULE = 'http, https, mailto or tel, or a path of this site starting with one /'

/**
 * A link's address (SPEC §5's rule for links: http, https, mailto, tel), or a path or anchor of
 * this site. A relative address that names another host (`//host`) is refused; so is a space.
 */
function isSiteLink(url: string): boolean {
  if (url === '' || url.length > MAX_URL_LENGTH || /\s/.test(url) || CONTROL.test(url)) return false
  return isAllowedUrl('link', url)
}

/** A link's address (see isSiteLink). */
export function url() {
  return z.string().refine(isSiteLink, `must be a link (${LINK_RULE})`).meta(FORMAT.url)
}

/** An e-mail address, as a mailto: link can carry it. */
export function email() {
  return z
    .string()
    .max(254, { message: 'must be at most 254 characters', abort: true })
    .regex(/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/, 'must be an e-mail address')
    .meta(FORMAT.email)
}

/** A site's SVG illustration (`/images/…/x.svg`), beside the images a post may show. */
const SITE_SVG = /^\/images(?:\/[a-z0-9._~-]+)+\.svg$/i

/** An image: one of the media library's or the site's own, its size, and its alt text. */
export function image() {
  return z.strictObject({
    src: z
      .string()
      .max(500, { abort: true })
      .refine(
        (src) => !src.split('/').includes('..') && (SITE_SVG.test(src) || (src.startsWith('/') && isAllowedImageSource(src))),
        'must be an image of the media library (/media/…) or of the site (/images/…)',
      ),
    width: z.number().int().min(1).max(10_000),
    height: z.number().int().min(1).max(10_000),
    alt: text(500),
  }).meta(FORMAT.image)
}

/** A price: an amount in cents' precision, and its currency. */
export function price() {
  return z.strictObject({
    amount: z
      .number()
      .min(0, 'must not be negative')
      .max(100_000, 'must be at most 100000')
      .refine((amount) => Math.round(amount * 100) / 100 === amount, 'must have at most two decimals'),
    currency: z.enum(Object.keys(CURRENCY_SYMBOLS) as [Currency, ...Currency[]]),
  }).meta(FORMAT.price)
}

/** An anchor id (`#terms`): lowercase letters, digits and dashes. */
export function anchor() {
  return z.string().regex(/^[a-z][a-z0-9-]{0,59}$/, 'must be lowercase letters, digits and dashes, starting with a letter')
}

/** A list of `min` to `max` items. */
export function list<T extends z.ZodType>(item: T, min: number, max: number) {
  return z.array(item).min(min, `must have at least ${min} item${min === 1 ? '' : 's'}`).max(max, `must have at most ${max} items`)
}

/** A link: its text and its address. */
export function link(maxLabel = 80) {
  return z.strictObject({ label: text(maxLabel), href: url() })
}
