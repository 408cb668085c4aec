/**
 * Every setting of the schema (core/contract/settings/) is listed where people look for it: in
 * the README's table, and in .env.example, which names no setting the server does not read.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { settingsShape } from '../../core/contract/settings/index.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')
const NAMES = Object.keys(settingsShape)

describe('the settings', () => {
  it('are each in the README', () => {
    const readme = read('README.md')
    expect(NAMES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
  })

  it('are each in .env.example, and it has no others', () => {
    const listed = [...read('.env.example').matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!)
    expect(NAMES.filter((name) => !listed.includes(name))).toEqual([])
    expect(listed.filter((name) => !NAMES.includes(name))).toEqual([])
  })
})
