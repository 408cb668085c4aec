/**
 * lexicalToHtml against Ghost's own test cases of its Lexical renderer (Koenig's
 * kg-lexical-html-renderer: tests/fixtures/import/ghost/README.md): each document renders to the
 * very HTML Ghost renders, so the card mapping and the report see what Ghost would have exported.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { lexicalToHtml } from '../../server/import/ghost/lexical.ts'

const cases = JSON.parse(readFileSync(new URL('../fixtures/import/ghost/koenig-lexical-cases.json', import.meta.url), 'utf8')) as { name: string; input: string; output: string }[]

describe("Ghost's own Lexical rendering cases", () => {
  it('are all there', () => {
    expect(cases.length).toBe(55)
  })

  it.each(cases.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    expect(lexicalToHtml(entry.input)).toEqual({ html: entry.output, changed: [] })
  })
})
