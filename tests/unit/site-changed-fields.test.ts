/** What a save's commit message and a stale edit's 409 call a changed field (core/site-content/changed-fields.ts). */
import { describe, expect, it } from 'vitest'
import { changedFields, fieldLabel } from '../../core/site-content/changed-fields.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'

describe('changed fields', () => {
  it('lists the values that differ, a price and a list whose length changed as one field each', () => {
    const after = structuredClone(SITE_DEFAULTS.pricing)
    after.plans[1]!.annualPrice = { amount: 1.99, currency: 'USD' }
    after.terms.push('A fourth term.')
    after.faq.items[2]!.answer = 'Another answer.'
    expect(changedFields(SITE_DEFAULTS.pricing, after)).toEqual([['plans', 1, 'annualPrice'], ['terms'], ['faq', 'items', 2, 'answer']])
    expect(changedFields(SITE_DEFAULTS.pricing, structuredClone(SITE_DEFAULTS.pricing))).toEqual([])
  })

  it('names a field by the item it is in when the item has a name, else by its list and position', () => {
    const values = SITE_DEFAULTS.pricing
    expect(fieldLabel(values, ['plans', 1, 'annualPrice'])).toBe('Premium annual price')
    expect(fieldLabel(values, ['terms', 0])).toBe('Terms item 1')
    expect(fieldLabel(values, ['lifetime', 'solo', 'dialogTitle'])).toBe('Lifetime solo dialog title')
    expect(fieldLabel(values, [])).toBe('the whole file')
  })

  it('says a key in the words the form labels it with (an acronym kept)', () => {
    expect(fieldLabel({}, ['cta', 'title'])).toBe('Call to action title')
    expect(fieldLabel({}, ['faq', 'intro'])).toBe('FAQ intro')
    expect(fieldLabel({}, ['shared', 'supportEmail'])).toBe('Shared support e-mail address')
  })
})

describe('a refused save’s field errors', () => {
  it('are written one a line by the server and read back by the admin, from the body or the error message', async () => {
    const { fieldErrorsText, readFieldErrors } = await import('../../core/contract/index.ts')
    const problems = [{ path: 'plans.1.annualPrice.amount', reason: 'must not be negative' }, { path: 'faq.items.0.answer', reason: 'the link to "x: y" is not allowed' }]
    const text = fieldErrorsText(problems)
    expect(readFieldErrors(text)).toEqual(problems)
    expect(readFieldErrors(`400: ${text}`)).toEqual(problems)
    expect(readFieldErrors(fieldErrorsText([{ path: '', reason: 'unknown field "x"' }]))).toEqual([{ path: 'values', reason: 'unknown field "x"' }])
  })
})
