import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeTree } from '../../server/git/formats/object-format.ts'
import { changedEntries, entryStarts } from '../../server/git/packing/changed-entries.ts'
import type { TreeEntry } from '../../server/git/store/tree-store.ts'

const oid = (seed: string) => createHash('sha1').update(seed).digest('hex')

/** A tree object from names (a trailing `/` makes a folder) and content seeds. */
function tree(entries: [string, string][]): Buffer {
  return encodeTree(
    entries.map(([name, seed]): TreeEntry => {
      const folder = name.endsWith('/')
      return { path: folder ? name.slice(0, -1) : name, mode: folder ? '040000' : '100644', oid: oid(seed), type: folder ? 'tree' : 'blob' }
    }),
  )
}

/** What changedEntries must find, the slow way: every entry of `after` not identical in `before`. */
function naive(after: Buffer, before: Buffer): string[] {
  const parse = (bytes: Buffer) => {
    const found = new Map<string, string>()
    for (let at = 0; at < bytes.length; ) {
      const nul = bytes.indexOf(0, at)
      found.set(bytes.toString('latin1', at, nul), bytes.toString('hex', nul + 1, nul + 21))
      at = nul + 21
    }
    return found
  }
  const a = parse(after)
  const b = parse(before)
  return [...a].filter(([head, id]) => b.get(head) !== id).map(([head]) => head)
}

const describeChange = (bytes: Buffer) => (change: { entry: { start: number; nameEnd: number } }) => bytes.toString('latin1', change.entry.start, change.entry.nameEnd)

describe('changedEntries', () => {
  it('finds exactly the entries not in the base, with the same-named base entry, and the entry offsets', () => {
    const entry = fc.tuple(fc.stringMatching(/^[a-e]{1,3}\/?$/), fc.constantFrom('1', '2', '3'))
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: ([name]) => name.replace(/\/$/, ''), maxLength: 40 }), fc.uniqueArray(entry, { selector: ([name]) => name.replace(/\/$/, ''), maxLength: 40 }), (xs, ys) => {
        const after = tree(xs)
        const before = tree(ys)
        const { changes, starts } = changedEntries(after, { bytes: before, starts: entryStarts(before) })
        expect(changes.map(describeChange(after)).sort()).toEqual(naive(after, before).sort())
        expect(Array.from(starts)).toEqual(Array.from(entryStarts(after)))
        for (const { entry, sameName } of changes) {
          const name = after.toString('utf8', entry.nameStart, entry.nameEnd)
          const inBase = ys.find(([other]) => other.replace(/\/$/, '') === name && other.endsWith('/') === entry.tree)
          expect(sameName === null ? null : before.toString('utf8', sameName.nameStart, sameName.nameEnd)).toBe(inBase ? name : null)
        }
      }),
    )
  })

  it('agrees with the slow way on small edits of a larger tree (the prefix and suffix shortcuts)', () => {
    const base: [string, string][] = Array.from({ length: 200 }, (_, i) => [`p${String(i).padStart(3, '0')}${i % 17 === 0 ? '/' : ''}`, `v${i}`])
    const edit = fc.record({ at: fc.nat(199), kind: fc.constantFrom('change', 'delete', 'add') })
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), (edits) => {
        const entries = new Map(base)
        for (const { at, kind } of edits) {
          const [name] = base[at]!
          if (kind === 'change') entries.set(name, `changed-${at}`)
          else if (kind === 'delete') entries.delete(name)
          else entries.set(`${name}x`, 'added')
        }
        const before = tree(base)
        const after = tree([...entries])
        const { changes, starts } = changedEntries(after, { bytes: before, starts: entryStarts(before) })
        expect(changes.map(describeChange(after)).sort()).toEqual(naive(after, before).sort())
        expect(Array.from(starts)).toEqual(Array.from(entryStarts(after)))
      }),
    )
  })

  it('finds the one changed entry of a 10,000-entry tree', () => {
    const entries: [string, string][] = Array.from({ length: 10_000 }, (_, i) => [`post-${String(i).padStart(5, '0')}.html`, `v1-${i}`])
    const before = tree(entries)
    entries[5000] = [entries[5000]![0], 'v2']
    const after = tree(entries)
    const { changes, starts } = changedEntries(after, { bytes: before, starts: entryStarts(before) })
    expect(changes.map(describeChange(after))).toEqual(['100644 post-05000.html'])
    expect(changes[0]!.sameName).not.toBeNull()
    expect(starts.length).toBe(10_001)
  })

  it('reports every entry when there is no base', () => {
    const bytes = tree([['a', '1'], ['b/', '2']])
    expect(changedEntries(bytes, null).changes).toHaveLength(2)
  })
})
