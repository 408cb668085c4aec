import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fc from 'fast-check'
import { runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'

/*
 * Packs written by `git pack-objects` from random related contents (versions of a text, so that
 * git stores most of them as deltas), and what git says of each entry, for the differential tests
 * of the pack and delta modules.
 */

/** A text and successive edited versions of it, plus a few unrelated binary blobs. */
export const relatedContentsArb: fc.Arbitrary<Buffer[]> = fc
  .tuple(
    fc.array(fc.string({ maxLength: 40 }), { minLength: 5, maxLength: 80 }),
    fc.array(
      fc.array(fc.record({ at: fc.nat(), kind: fc.constantFrom('insert', 'delete', 'replace', 'move'), text: fc.string({ maxLength: 40 }) }), { minLength: 1, maxLength: 4 }),
      { maxLength: 8 },
    ),
    fc.array(fc.uint8Array({ maxLength: 3000 }), { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([lines, versions, binaries, large]) => {
    const contents: Buffer[] = []
    let current = [...lines]
    contents.push(Buffer.from(current.join('\n')))
    for (const edits of versions) {
      current = [...current]
      for (const { at, kind, text } of edits) {
        const i = at % (current.length + 1)
        if (kind === 'insert' || current.length === 0) current.splice(i, 0, text)
        else if (kind === 'delete') current.splice(i % current.length, 1)
        else if (kind === 'replace') current[i % current.length] = text
        else current.push(...current.splice(i % current.length, 1))
      }
      contents.push(Buffer.from(current.join('\n')))
    }
    // Sizes past one and two header bytes of a pack entry.
    if (large) contents.push(Buffer.from(`${current.join('\n')}\n`.repeat(Math.ceil(300_000 / (current.join('\n').length + 1)))))
    contents.push(...binaries.map((bytes) => Buffer.from(bytes)))
    return contents
  })

/** Stores blobs with `git fast-import` and returns their ids, in order. */
export function writeBlobs(dir: string, contents: readonly Uint8Array[]): string[] {
  if (contents.length === 0) return []
  const marks = path.join(dir, `marks-${process.pid}-${Date.now()}`)
  const stream = Buffer.concat(contents.flatMap((content, i) => [Buffer.from(`blob\nmark :${i + 1}\ndata ${content.length}\n`), Buffer.from(content), Buffer.from('\n')]))
  runGit(['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: dir, input: stream, env: MAINTAINER_GIT_ENV })
  const byMark = new Map(
    readFileSync(marks, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  )
  return contents.map((_, i) => byMark.get(`:${i + 1}`)!)
}

export interface GitPack {
  pack: string
  idx: string
  bytes: Buffer
}

/** `git pack-objects` of these objects, deltas computed afresh, OFS_DELTA or (`refDeltas`) REF_DELTA. */
export function packObjects(dir: string, oids: readonly string[], options: { refDeltas?: boolean; depth?: number } = {}): GitPack {
  const out = path.join(dir, 'packs-by-git')
  mkdirSync(out, { recursive: true })
  const args = ['pack-objects', '-q', '--no-reuse-delta', '--no-reuse-object', '--window=20', `--depth=${options.depth ?? 50}`]
  // pack-objects writes REF_DELTA unless told otherwise (git repack and gc ask for OFS_DELTA).
  if (!options.refDeltas) args.push('--delta-base-offset')
  const hash = runGit([...args, path.join(out, 'pack')], { cwd: dir, input: [...new Set(oids)].map((oid) => `${oid}\n`).join(''), env: MAINTAINER_GIT_ENV }).trim()
  const pack = path.join(out, `pack-${hash}.pack`)
  return { pack, idx: pack.replace(/\.pack$/, '.idx'), bytes: readFileSync(pack) }
}

export interface PackedEntry {
  oid: string
  offset: number
  /** Where the next entry (or the trailing checksum) starts. */
  end: number
  crc32: number
  /** The object's type, whole or deltified. */
  type: string
  /** Inflated size of the entry's data: the object's, or the delta's. */
  size: number
  /** The delta base, or null for an object stored whole. */
  base: string | null
}

/** Each entry of a pack, in pack order, as `git show-index` and `git verify-pack -v` describe it. */
export function packEntries(dir: string, gitPack: GitPack): PackedEntry[] {
  const shown = runGit(['show-index'], { cwd: dir, input: readFileSync(gitPack.idx), env: MAINTAINER_GIT_ENV })
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [offset, oid, crc] = line.split(' ')
      return { oid: oid!, offset: Number(offset), crc32: Number.parseInt(crc!.slice(1, -1), 16) }
    })
  const verified = new Map<string, { type: string; size: number; base: string | null }>()
  for (const line of runGit(['verify-pack', '-v', gitPack.idx], { cwd: dir, env: MAINTAINER_GIT_ENV }).split('\n')) {
    const fields = line.split(/\s+/)
    if (!/^[0-9a-f]{40}$/.test(fields[0]!)) continue
    verified.set(fields[0]!, { type: fields[1]!, size: Number(fields[2]), base: fields[6] ?? null })
  }
  const sorted = shown.sort((a, b) => a.offset - b.offset)
  return sorted.map((entry, i) => ({ ...entry, ...verified.get(entry.oid)!, end: sorted[i + 1]?.offset ?? gitPack.bytes.length - 20 }))
}

/** A tree, a commit and an annotated tag (with the blobs they hold), so that a pack holds every type. */
export function objectsOfEveryType(dir: string): string[] {
  const blob = runGit(['hash-object', '-w', '--stdin'], { cwd: dir, input: 'tagged\n', env: MAINTAINER_GIT_ENV }).trim()
  const tree = runGit(['mktree'], { cwd: dir, input: `100644 blob ${blob}\tfile\n`, env: MAINTAINER_GIT_ENV }).trim()
  const commit = runGit(['commit-tree', tree, '-m', 'tagged commit'], { cwd: dir, env: MAINTAINER_GIT_ENV }).trim()
  const tag = runGit(['mktag'], { cwd: dir, input: `object ${commit}\ntype commit\ntag v1\ntagger T <t@example.com> 1700000000 +0000\n\nA tag\n`, env: MAINTAINER_GIT_ENV }).trim()
  return [blob, tree, commit, tag]
}
