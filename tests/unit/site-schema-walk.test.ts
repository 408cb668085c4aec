import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { emptyValue, fieldId, fieldKind } from '../../pages/admin/site/schema-walk.ts'
import { labelOf } from '../../core/site-content/field-words.ts'
import { legalSchema } from '../../core/site-content/legal.ts'
import { pricingSchema } from '../../core/site-content/pricing.ts'
import { SITE_FILES } from '../../core/site-content/index.ts'
import { sharedSchema } from '../../core/site-content/shared.ts'

/** The schema of a field by its path of keys (`[]` for a list's item). */
function at(schema: z.ZodType, ...keys: string[]): z.ZodType {
  let node = schema
  for (const key of keys) {
    const kind = fieldKind(node)
    if (kind.kind === 'list') node = kind.item
    else if (kind.kind === 'object' || kind.kind === 'image') node = kind.fields.find(([name]) => name === key)![1]
    else throw new Error(`no ${key} in a ${kind.kind}`)
  }
  return node
}

describe('the Site form reads each field from the schema', () => {
  it('text with its limit, rich text, links, e-mails, prices, choices and lists with their lengths', () => {
    expect(fieldKind(at(pricingSchema, 'title'))).toEqual({ kind: 'text', max: 80, rich: false, format: null, optional: false })
    expect(fieldKind(at(pricingSchema, 'lifetime', 'voucher'))).toMatchObject({ kind: 'text', max: 400, rich: true })
    expect(fieldKind(at(pricingSchema, 'plans', '[]', 'annualBadge'))).toMatchObject({ kind: 'text', max: 60, optional: true })
    expect(fieldKind(at(sharedSchema, 'appStoreUrl'))).toMatchObject({ kind: 'text', format: 'url' })
    expect(fieldKind(at(sharedSchema, 'supportEmail'))).toMatchObject({ kind: 'text', format: 'email', max: 254 })
    expect(fieldKind(at(pricingSchema, 'plans', '[]', 'monthlyPrice'))).toEqual({ kind: 'price', currencies: ['USD', 'EUR', 'GBP'] })
    expect(fieldKind(at(pricingSchema, 'plans', '[]', 'features', '[]', 'included'))).toEqual({ kind: 'boolean' })
    expect(fieldKind(at(pricingSchema, 'plans'))).toMatchObject({ kind: 'list', min: 1, max: 3 })
    expect(fieldKind(at(pricingSchema, 'terms'))).toMatchObject({ kind: 'list', min: 0, max: 8 })
    expect(fieldKind(at(legalSchema, 'sections', '[]', 'blocks', '[]'))).toMatchObject({ kind: 'union' })
    expect(fieldKind(SITE_FILES.landing.schema)).toMatchObject({ kind: 'object' })
  })

  it('a new item is of the schema’s shape: empty texts, the lowest number, the first choice, the shortest list', () => {
    expect(emptyValue(at(pricingSchema, 'plans', '[]'))).toEqual({
      name: '',
      description: '',
      monthlyPrice: { amount: 0, currency: 'USD' },
      annualPrice: { amount: 0, currency: 'USD' },
      features: [{ text: '', included: false }],
    })
    const testimonial = at(SITE_FILES.landing.schema, 'testimonials', 'items', '[]')
    expect(emptyValue(testimonial)).toMatchObject({ rating: 1, title: '' })
  })

  it('labels are the keys in words, a few named for people; ids follow the path', () => {
    expect(labelOf('annualPrice')).toBe('Annual price')
    expect(labelOf('cta')).toBe('Call to action')
    expect(labelOf('href')).toBe('Link address')
    expect(fieldId('plans.1.annualPrice.amount')).toBe('site-plans-1-annualPrice-amount')
  })
})
