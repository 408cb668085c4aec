/**
 * The schemas of the site's copy (core/site-content/): today's copy (the built-in defaults,
 * which content/site/ started as) is valid, and hostile or mistaken values are refused with the
 * field they are in.
 */
import { describe, expect, it } from 'vitest'
import { SITE_FILE_NAMES, SITE_FILES, type SiteFileName } from '../../core/site-content/index.ts'
import { parseRichText, plainTextOf } from '../../core/site-content/rich-text.ts'
import { formatPrice } from '../../core/site-content/money.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { checkSiteValue, readSiteFile } from '../../server/content/site-file.ts'

/** The defaults with one change made by `edit`. */
function edited<N extends SiteFileName>(name: N, edit: (value: any) => void): unknown {
  const value = structuredClone(SITE_DEFAULTS[name])
  edit(value)
  return value
}

function issuesOf(name: SiteFileName, value: unknown): { path: string; reason: string }[] {
  const read = checkSiteValue(name, value)
  return read.ok ? [] : read.issues.map(({ path, reason }) => ({ path, reason }))
}

describe('the site files schemas', () => {
  it.each(SITE_FILE_NAMES)('today’s copy of %s is valid, and parsing keeps it as it is', (name) => {
    const read = checkSiteValue(name, SITE_DEFAULTS[name])
    expect(read).toEqual({ ok: true, value: SITE_DEFAULTS[name] })
  })

  it('keeps the order of the schema’s keys in what it gives back (the canonical file follows it)', () => {
    const shuffled = Object.fromEntries(Object.entries(SITE_DEFAULTS['not-found']).reverse())
    const read = checkSiteValue('not-found', shuffled)
    expect(read.ok && Object.keys(read.value)).toEqual(Object.keys(SITE_FILES['not-found'].schema.parse(SITE_DEFAULTS['not-found'])))
    expect(read.ok && Object.keys(read.value)).toEqual(['code', 'title', 'lines', 'note', 'button'])
  })

  it('refuses text past its limit, empty text and text on two lines, naming the field', () => {
    expect(issuesOf('pricing', edited('pricing', (v) => (v.title = 'x'.repeat(81))))).toEqual([{ path: 'title', reason: 'must be at most 80 characters' }])
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[1].name = '')))).toEqual([{ path: 'plans.1.name', reason: 'must not be empty' }])
    expect(issuesOf('landing', edited('landing', (v) => (v.hero.title = 'Two\nlines')))).toEqual([{ path: 'hero.title', reason: 'must be one line, without control characters' }])
  })

  it('refuses text past its limit before reading it any further: one reason, the length', () => {
    const long = `${'**'.repeat(40)}\n[x](javascript:alert(1))`.padEnd(10_000, '[')
    expect(issuesOf('landing', edited('landing', (v) => (v.testimonials.count = long)))).toEqual([{ path: 'testimonials.count', reason: 'must be at most 120 characters' }])
    expect(issuesOf('pricing', edited('pricing', (v) => (v.title = `${'x'.repeat(81)}\n`)))).toEqual([{ path: 'title', reason: 'must be at most 80 characters' }])
  })

  it('refuses javascript:, data: and other-host links, in a URL field and inside rich text', () => {
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example/x', 'vbscript:x', ' https://a.example', '']) {
      expect(issuesOf('shared', edited('shared', (v) => (v.footer.siteLinks[0].href = href)))[0]?.path, href).toBe('footer.siteLinks.0.href')
      const answer = `See [this](${href}).`
      expect(issuesOf('landing', edited('landing', (v) => (v.faq.items[0].answer = answer))).map((issue) => issue.path), href).toEqual(['faq.items.0.answer'])
    }
    for (const href of ['https://example.com/x?y=1#z', 'mailto:support@watchio.app', 'tel:+15551234', '/pricing', '#faq']) {
      expect(issuesOf('landing', edited('landing', (v) => (v.faq.items[0].answer = `See [this](${href}).`))), href).toEqual([])
    }
  })

  it('refuses wrong types, extra keys and prototype keys', () => {
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[1].annualPrice.amount = '2.49')))[0]?.path).toBe('plans.1.annualPrice.amount')
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[1].features[0].included = 'yes')))[0]?.path).toBe('plans.1.features.0.included')
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[0].price = 3)))).toEqual([{ path: 'plans.0', reason: 'unknown field "price"' }])
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const read = readSiteFile('not-found', `code: '404'\ntitle: T\nlines: [a]\nnote: n\nbutton: b\n${key}:\n  polluted: true\n`)
      expect(read.ok, key).toBe(false)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    }
  })

  it('refuses prices below zero, with more than two decimals or in an unknown currency', () => {
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[1].monthlyPrice.amount = -1)))[0]?.reason).toBe('must not be negative')
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[1].monthlyPrice.amount = 4.999)))[0]?.reason).toBe('must have at most two decimals')
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans[1].monthlyPrice.currency = 'BTC')))[0]?.path).toBe('plans.1.monthlyPrice.currency')
    expect(formatPrice({ amount: 0, currency: 'USD' })).toBe('$0')
    expect(formatPrice({ amount: 2.5, currency: 'EUR' })).toBe('€2.50')
  })

  it('keeps lists within their lengths', () => {
    expect(issuesOf('pricing', edited('pricing', (v) => (v.plans = [])))).toEqual([{ path: 'plans', reason: 'must have at least 1 item' }])
    expect(issuesOf('not-found', edited('not-found', (v) => (v.lines = Array.from({ length: 51 }, (_, i) => `line ${i}`)))))
      .toEqual([{ path: 'lines', reason: 'must have at most 50 items' }])
  })

  it('takes images from the media library or the site’s own, with their alt text', () => {
    const screenshot = (src: string, alt = 'A screenshot') => issuesOf('landing', edited('landing', (v) => (v.features.items[0].screenshot = { src, width: 960, height: 600, alt })))
    expect(screenshot('/media/2025/shot-0123456789ab-960x600.png')).toEqual([])
    expect(screenshot('/images/landing/library.svg')).toEqual([])
    for (const src of ['https://evil.example/x.png', '/images/../admin/x.svg', 'javascript:x', '/images/x.html']) expect(screenshot(src)[0]?.path, src).toBe('features.items.0.screenshot.src')
    expect(screenshot('/images/landing/library.svg', '')[0]?.path).toBe('features.items.0.screenshot.alt')
  })

  it('reads rich text into runs, and refuses what it cannot read', () => {
    expect(parseRichText('In **Settings**, see [the page](/pricing).')).toEqual(['In ', { strong: 'Settings' }, ', see ', { link: 'the page', href: '/pricing' }, '.'])
    expect(parseRichText('a \\*\\* b \\[c] (d)')).toEqual(['a ** b [c] (d)'])
    expect(plainTextOf(parseRichText('**Bold** and [link](/x)'))).toBe('Bold and link')
    expect(issuesOf('pricing', edited('pricing', (v) => (v.lifetime.voucher = 'open **Settings')))[0]?.reason).toMatch(/never closed/)
    expect(issuesOf('pricing', edited('pricing', (v) => (v.lifetime.voucher = 'see [the page]')))[0]?.reason).toMatch(/\[label\]\(address\)/)
    // HTML is text: it reaches the page escaped, as the words it is.
    expect(parseRichText('<script>alert(1)</script>')).toEqual(['<script>alert(1)</script>'])
  })
})
