import { describe, expect, it } from 'vitest'
import { importedTags } from '../../server/import/import-plan.ts'

describe('importedTags: a source\'s tags and categories as a post\'s tags', () => {
  it('trims each name and keeps one per slug, the first spelling', () => {
    expect(importedTags(['  Apple  TV ', 'apple tv', 'Setup', 'SETUP'])).toEqual({ value: ['Apple TV', 'Setup'] })
  })

  it('leaves out what no tag can be, and says so', () => {
    const read = importedTags(['Good', '!!!', 'x'.repeat(41), 'tab\there'])
    expect(read.value).toEqual(['Good', 'tab here'])
    expect(read.note).toMatch(/^tags that are no tag names here left out: "!!!", "x{40}"$/)
  })

  it('keeps at most ten, and names the rest', () => {
    const read = importedTags(Array.from({ length: 12 }, (_, at) => `Tag ${at + 1}`))
    expect(read.value).toHaveLength(10)
    expect(read.note).toBe('more than 10 tags: Tag 11, Tag 12 left out')
  })
})
