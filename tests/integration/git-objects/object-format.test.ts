import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { looseObjectPath } from '../../../server/git/store/loose-objects.ts'
import { decodeTree, encodeLooseObject, encodeTree, parseCommit } from '../../../server/git/formats/object-format.ts'
import { ObjectReader } from '../../../server/git/store/object-reader.ts'
import type { TreeEntry } from '../../../server/git/store/tree-store.ts'
import { runGit, runGitBytes, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { nameArb, treeArb, writeTrees } from './random-trees.ts'

/*
 * Git's object encoding done by hand (object-format.ts) against the git CLI: trees we encode are
 * the trees `git mktree` makes of the same entries (so sorted as git sorts, names in any script),
 * trees git wrote decode to what `git ls-tree` lists, loose objects we write are read back by
 * `git cat-file` and pass `git fsck --strict`, and commits git wrote parse to what `git log` shows.
 */

let repo: ReturnType<typeof tempGitRepo>

beforeAll(() => {
  repo = tempGitRepo()
})

afterAll(() => repo.remove())

/** Writes a loose object as GitStore does: the deflated bytes at objects/xx/<rest>. */
async function writeLoose(type: 'blob' | 'tree', content: Uint8Array): Promise<string> {
  const { oid, deflated } = await encodeLooseObject(type, content)
  const file = looseObjectPath(path.join(repo.gitdir, 'objects'), oid)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, deflated)
  return oid
}

/** Any name git accepts in a tree: the small alphabet of random-trees.ts, or any well-formed text. */
const anyNameArb = fc.oneof(
  nameArb,
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
    .filter((name) => !/[/\0]|^\.\.?$|^\.git|^git~|[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/i.test(name)),
)

const oidArb = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => Buffer.from(bytes).toString('hex'))

const entryArb: fc.Arbitrary<TreeEntry> = fc
  .tuple(anyNameArb, fc.constantFrom('100644', '100755', '120000', '160000', '040000'), oidArb)
  .map(([name, mode, oid]) => ({ path: name, mode, oid, type: mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob' }))

const entriesArb = fc.uniqueArray(entryArb, { selector: (entry) => entry.path, maxLength: 12 })

describe('encodeTree', () => {
  it('makes the tree git mktree makes of the same entries, which git reads and fsck --strict accepts', async () => {
    await fc.assert(
      fc.asyncProperty(entriesArb, async (entries) => {
        const input = entries.map((entry) => `${entry.mode} ${entry.type} ${entry.oid}\t${entry.path}\0`).join('')
        const theirs = runGit(['mktree', '-z', '--missing'], { cwd: repo.dir, input: input, env: MAINTAINER_GIT_ENV }).trim()
        const ours = await writeLoose('tree', encodeTree(entries))
        expect(ours).toBe(theirs)
        expect(decodeTree(runGitBytes(['cat-file', 'tree', ours], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }))).toEqual(entries.slice().sort((a, b) => (Buffer.compare(Buffer.from(a.path + (a.type === 'tree' ? '/' : '')), Buffer.from(b.path + (b.type === 'tree' ? '/' : ''))))))
      }),
      { numRuns: 50 },
    )
    // Loose objects are checked whether reachable or not: sorting, modes, names.
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })
})

describe('decodeTree', () => {
  it('reads the trees git wrote as git ls-tree -r -t lists them', async () => {
    const reader = new ObjectReader(repo.gitdir)
    /** Every entry under a tree, a folder before its contents, decoded by us. */
    const walk = async (oid: string, prefix: string, out: TreeEntry[]) => {
      for (const entry of decodeTree((await reader.read(oid))!.content)) {
        out.push({ ...entry, path: prefix + entry.path })
        if (entry.type === 'tree') await walk(entry.oid, `${prefix}${entry.path}/`, out)
      }
      return out
    }
    try {
      await fc.assert(
        fc.asyncProperty(treeArb, async (tree) => {
          const [root] = writeTrees(repo.dir, [tree])
          const listed = runGit(['ls-tree', '-r', '-t', '-z', root!], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).split('\0').filter(Boolean).map((line) => {
            const tab = line.indexOf('\t')
            const [mode, type, oid] = line.slice(0, tab).split(' ')
            return { mode: mode!, type: type as TreeEntry['type'], oid: oid!, path: line.slice(tab + 1) }
          })
          expect(await walk(root!, '', [])).toEqual(listed)
        }),
        { numRuns: 30 },
      )
    } finally {
      await reader.close()
    }
  })
})

describe('encodeLooseObject', () => {
  it('names a blob as git hash-object does and stores it so that git cat-file reads it back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 5000 }), async (bytes) => {
        const { oid, deflated } = await encodeLooseObject('blob', bytes)
        expect(oid).toBe(runGit(['hash-object', '--stdin'], { cwd: repo.dir, input: bytes, env: MAINTAINER_GIT_ENV }).trim())
        expect(inflateSync(deflated).equals(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))).toBe(true)
        await writeLoose('blob', bytes)
        expect(runGitBytes(['cat-file', 'blob', oid], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).equals(Buffer.from(bytes))).toBe(true)
      }),
      { numRuns: 30 },
    )
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })
})

const signatureArb = fc.record({
  name: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((name) => !/[<>\n\0]/.test(name) && name.trim() !== '' && /^[\p{L}\p{N}]/u.test(name.trim())),
  email: fc.stringMatching(/^[a-z0-9._+-]{1,8}@[a-z0-9.-]{1,8}$/),
  time: fc.integer({ min: 0, max: 2 ** 34 }),
  zone: fc.constantFrom('+0000', '+0100', '-0700', '+0545', '-1200', '+1400'),
})

describe('parseCommit', () => {
  it('reads tree, parents, author, committer and message as git log shows them', async () => {
    const tree = runGit(['hash-object', '-t', 'tree', '-w', '--stdin'], { cwd: repo.dir, input: '', env: MAINTAINER_GIT_ENV }).trim()
    const roots = ['first', 'second'].map((message) => runGit(['commit-tree', tree, '-m', message], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim())
    await fc.assert(
      fc.asyncProperty(
        signatureArb,
        signatureArb,
        fc.subarray(roots),
        fc.string({ unit: 'grapheme', maxLength: 200 }).filter((message) => !message.includes('\0')),
        async (author, committer, parents, message) => {
          const env = {
            GIT_AUTHOR_NAME: author.name,
            GIT_AUTHOR_EMAIL: author.email,
            GIT_AUTHOR_DATE: `@${author.time} ${author.zone}`,
            GIT_COMMITTER_NAME: committer.name,
            GIT_COMMITTER_EMAIL: committer.email,
            GIT_COMMITTER_DATE: `@${committer.time} ${committer.zone}`,
          }
          // --cleanup is not a commit-tree option: the message is stored as given.
          const commit = runGit(['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], { cwd: repo.dir, input: message, env: { ...MAINTAINER_GIT_ENV, ...env } }).trim()
          const [shownTree, shownParents, an, ae, at, cn, ce, ct] = runGit(['log', '-1', '--format=%T%x00%P%x00%an%x00%ae%x00%at%x00%cn%x00%ce%x00%ct', commit], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).replace(/\n$/, '').split('\0')
          const raw = runGitBytes(['cat-file', 'commit', commit], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
          expect(parseCommit(raw)).toEqual({
            tree: shownTree,
            parents: shownParents === '' ? [] : shownParents!.split(' '),
            author: { name: an, email: ae, timestamp: Number(at) },
            committer: { name: cn, email: ce, timestamp: Number(ct) },
            message: raw.toString('utf8', raw.indexOf('\n\n') + 2),
          })
        },
      ),
      {
        numRuns: 30,
        // A name with a line or paragraph separator (which JS's `.` does not match) once failed to parse.
        examples: [[
          { name: '\u2028Ⰰ', email: 'a@0', time: 0, zone: '+0000' },
          { name: 'Ⰰ\u2029x', email: 'b@0', time: 0, zone: '+0000' },
          [],
          '',
        ]],
      },
    )
  })

  it('skips headers it does not use, a multi-line signature included', () => {
    const tree = runGit(['hash-object', '-t', 'tree', '-w', '--stdin'], { cwd: repo.dir, input: '', env: MAINTAINER_GIT_ENV }).trim()
    const text = [
      `tree ${tree}`,
      'author A U Thor <a@example.com> 1700000000 +0200',
      'committer C O Mitter <c@example.com> 1700000100 -0100',
      'encoding ISO-8859-1',
      'gpgsig -----BEGIN PGP SIGNATURE-----',
      ' ',
      ' iQEzBAABCAAdFiEE',
      ' -----END PGP SIGNATURE-----',
      '',
      'Signed\n\nbody\n',
    ].join('\n')
    const commit = runGit(['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: repo.dir, input: text, env: MAINTAINER_GIT_ENV }).trim()
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
    const parsed = parseCommit(runGitBytes(['cat-file', 'commit', commit], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }))
    expect(parsed).toEqual({
      tree,
      parents: [],
      author: { name: 'A U Thor', email: 'a@example.com', timestamp: 1_700_000_000 },
      committer: { name: 'C O Mitter', email: 'c@example.com', timestamp: 1_700_000_100 },
      message: 'Signed\n\nbody\n',
    })
    expect(runGit(['log', '-1', '--format=%an|%ct', commit], { cwd: repo.dir, env: MAINTAINER_GIT_ENV }).trim()).toBe('A U Thor|1700000100')
  })
})
