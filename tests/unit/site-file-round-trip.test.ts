/**
 * A file of the site's copy through the `yaml` document model (server/content/site-file.ts):
 * the canonical file reads back as its values and writes back as the same bytes; an admin's
 * change touches only the values that changed, and keeps a maintainer's comments and quoting.
 */
import { describe, expect, it } from 'vitest'
import { SITE_FILE_NAMES } from '../../core/site-content/index.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { checkSiteValue, readSiteFile, serializeSiteFile, updateSiteFile } from '../../server/content/site-file.ts'

describe('site files, read and written', () => {
  it.each(SITE_FILE_NAMES)('%s: the canonical file reads back as its values, and writes back as the same bytes', (name) => {
    const text = serializeSiteFile(name, SITE_DEFAULTS[name])
    expect(readSiteFile(name, text)).toEqual({ ok: true, value: SITE_DEFAULTS[name] })
    expect(updateSiteFile(text, SITE_DEFAULTS[name])).toBe(text)
  })

  it('changes only the line of the value that changed, keeping comments, blank lines and quoting', () => {
    const canonical = serializeSiteFile('pricing', SITE_DEFAULTS.pricing)
    const handWritten = canonical
      .replace('title: Pricing Plans', "# The page's headline (SPEC).\ntitle: 'Pricing Plans'")
      .replace('\nplans:', '\n\nplans:')
      .replace('      amount: 2.49', '      amount: 2.49 # half the monthly price')
    const value = structuredClone(SITE_DEFAULTS.pricing)
    value.plans[1]!.monthlyPrice.amount = 5.99
    const written = updateSiteFile(handWritten, value)
    const before = handWritten.split('\n')
    const after = written.split('\n')
    expect(after.length).toBe(before.length)
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [[before[index], line]]))
    expect(changed).toEqual([['      amount: 4.99', '      amount: 5.99']])
    expect(updateSiteFile(handWritten, SITE_DEFAULTS.pricing)).toBe(handWritten)
  })

  it('adds an optional key where its schema puts it, and removes one', () => {
    const text = serializeSiteFile('pricing', SITE_DEFAULTS.pricing)
    const value = structuredClone(SITE_DEFAULTS.pricing) as any
    value.plans[0].annualBadge = 'Always free'
    delete value.plans[1].annualBadge
    const checked = checkSiteValue('pricing', value)
    if (!checked.ok) throw new Error('the edited value should be valid')
    const written = updateSiteFile(text, checked.value)
    expect(written).toBe(serializeSiteFile('pricing', checked.value))
    expect(written).toContain('      currency: USD\n    annualBadge: Always free\n    features:')
  })

  it('keeps the comment on a list item that stays when another is added, removed or moved', () => {
    const text = serializeSiteFile('not-found', SITE_DEFAULTS['not-found']).replace('  - Looks like this channel went off the air.', '  # A favourite.\n  - Looks like this channel went off the air.')
    const lines = [...SITE_DEFAULTS['not-found'].lines]
    lines.reverse()
    lines.push('A new line.')
    const written = updateSiteFile(text, { ...SITE_DEFAULTS['not-found'], lines })
    expect(written).toContain('  # A favourite.\n  - Looks like this channel went off the air.')
    const read = readSiteFile('not-found', written)
    expect(read.ok && read.value.lines).toEqual(lines)
  })

  it('says which line of a hand-written file breaks its schema, and why YAML that does not parse fails', () => {
    const text = serializeSiteFile('pricing', SITE_DEFAULTS.pricing).replace('      amount: 2.49', '      amount: -2.49')
    const read = readSiteFile('pricing', text)
    const line = text.split('\n').indexOf('      amount: -2.49') + 1
    expect(read).toEqual({ ok: false, issues: [{ path: 'plans.1.annualPrice.amount', line, reason: 'must not be negative' }] })
    const broken = readSiteFile('pricing', 'title: [unclosed\n')
    expect(broken.ok === false && broken.issues[0]!.reason).toMatch(/^not YAML/)
    const duplicate = readSiteFile('not-found', 'code: a\ncode: b\n')
    expect(duplicate.ok === false && duplicate.issues[0]!.reason).toMatch(/^not YAML/)
  })

  it('refuses aliases (how YAML multiplies itself)', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: [*b, *b, *b, *b, *b, *b, *b, *b, *b]'].join('\n')
    expect(readSiteFile('not-found', bomb).ok).toBe(false)
  })
})
