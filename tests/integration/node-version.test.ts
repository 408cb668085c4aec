import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeVersionProblem } from '../../scripts/node-version.mjs'

const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { engines: { node: string } }

describe('the Node.js floor (scripts/node-version.mjs, checked by every script that starts the site)', () => {
  it('is package.json\'s engines.node, the README\'s "Node 20.19 or newer"', () => {
    expect(pkg.engines.node).toBe('>=20.19.0')
    expect(readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8')).toContain('Node 20.19 or newer')
  })

  it('accepts that version and any later one, this Node included', () => {
    for (const version of ['20.19.0', '20.20.2', '21.0.0', '22.12.0', '24.1.0']) expect(nodeVersionProblem(pkg.engines.node, version)).toBeNull()
    expect(nodeVersionProblem(pkg.engines.node, process.versions.node)).toBeNull()
  })

  it('refuses an older one with a sentence naming both versions', () => {
    expect(nodeVersionProblem(pkg.engines.node, '20.18.3')).toBe(
      'This site needs Node.js 20.19.0 or newer (package.json "engines"); this is Node.js 20.18.3. Install a newer Node.js (20.x from 20.19 on, or a later major version) and run the command again.',
    )
    expect(nodeVersionProblem(pkg.engines.node, '18.20.0')).toContain('this is Node.js 18.20.0')
  })
})
