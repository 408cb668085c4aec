import fc from 'fast-check'
import { runGit } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'

/*
 * Random trees for the differential tests of server/git/formats/, store/ and history/, written by the git CLI.
 *
 * A tree is kept flat, path → leaf, with no path both a file and a folder. Names come from a
 * small alphabet so that they often share prefixes and sort around '/' (`a`, `a-`, `a.b`, the
 * folder `a`), with non-ASCII names, an astral one (UTF-16 surrogates sort differently from UTF-8
 * bytes) and a private-use one (U+E000, which sorts after them in UTF-8), spaces and newlines.
 */
export interface Leaf {
  mode: '100644' | '100755' | '120000' | '160000'
  /** The blob's text, or for a submodule (160000) the commit id it points at. */
  content: string
}

export type FlatTree = Map<string, Leaf>

const CHARS = ['a', 'b', 'a', 'b', '-', '.', '0', '~', ' ', 'é', '中', '😀', '\ue000', '\uff01', '\n', '!']

/** A name git accepts in a tree, `git fsck --strict` included. */
export const nameArb = fc
  .array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 3 })
  .map((chars) => chars.join(''))
  .filter((name) => name !== '.' && name !== '..' && !/^\.git/i.test(name) && !/^git~/i.test(name))

const contentArb = fc.oneof(fc.constantFrom('', 'x\n', 'same\n'), fc.string({ maxLength: 40 }))

export const leafArb: fc.Arbitrary<Leaf> = fc.oneof(
  { weight: 6, arbitrary: contentArb.map((content): Leaf => ({ mode: '100644', content })) },
  { weight: 1, arbitrary: contentArb.map((content): Leaf => ({ mode: '100755', content })) },
  { weight: 1, arbitrary: fc.constantFrom('target', '../up', 'a b').map((content): Leaf => ({ mode: '120000', content })) },
  { weight: 1, arbitrary: fc.constantFrom('1'.repeat(40), 'c0ffee'.padEnd(40, '0')).map((content): Leaf => ({ mode: '160000', content })) },
)

type Nested = { [name: string]: Leaf | Nested }

function nestedArb(depth: number): fc.Arbitrary<Nested> {
  const node: fc.Arbitrary<Leaf | Nested> = depth > 0 ? fc.oneof({ weight: 3, arbitrary: leafArb }, { weight: 1, arbitrary: nestedArb(depth - 1) }) : leafArb
  return fc.dictionary(nameArb, node, { minKeys: 1, maxKeys: 6 })
}

function flatten(nested: Nested, prefix: string, out: FlatTree): FlatTree {
  for (const [name, node] of Object.entries(nested)) {
    if (typeof node.mode === 'string' && typeof node.content === 'string') out.set(prefix + name, node as Leaf)
    else flatten(node as Nested, `${prefix}${name}/`, out)
  }
  return out
}

/** A tree of up to 4 levels, never empty. */
export const treeArb: fc.Arbitrary<FlatTree> = nestedArb(3).map((nested) => flatten(nested, '', new Map()))

export type Edit =
  | { kind: 'change'; pick: number; leaf: Leaf }
  | { kind: 'delete'; pick: number }
  | { kind: 'add'; pick: number; name: string; leaf: Leaf }
  | { kind: 'file-to-folder'; pick: number; name: string; leaf: Leaf }
  | { kind: 'folder-to-file'; pick: number; leaf: Leaf }

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(), leaf: leafArb }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), name: nameArb, leaf: leafArb }),
  fc.record({ kind: fc.constant('file-to-folder' as const), pick: fc.nat(), name: nameArb, leaf: leafArb }),
  fc.record({ kind: fc.constant('folder-to-file' as const), pick: fc.nat(), leaf: leafArb }),
)

/** The folders of a tree ('' the root), in a stable order. */
function foldersOf(tree: FlatTree): string[] {
  const folders = new Set([''])
  for (const path of tree.keys()) {
    const parts = path.split('/')
    for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/') + '/')
  }
  return [...folders].sort()
}

/** `tree` with the edits applied, still without a path that is both a file and a folder. */
export function applyEdits(tree: FlatTree, edits: readonly Edit[]): FlatTree {
  const next = new Map(tree)
  for (const edit of edits) {
    const paths = [...next.keys()].sort()
    const folders = foldersOf(next)
    const pickPath = () => (paths.length === 0 ? null : paths[edit.pick % paths.length]!)
    if (edit.kind === 'change') {
      const path = pickPath()
      if (path !== null) next.set(path, edit.leaf)
    } else if (edit.kind === 'delete') {
      const path = pickPath()
      if (path !== null) next.delete(path)
    } else if (edit.kind === 'add') {
      const path = folders[edit.pick % folders.length]! + edit.name
      if (!next.has(path) && !folders.includes(`${path}/`)) next.set(path, edit.leaf)
    } else if (edit.kind === 'file-to-folder') {
      const path = pickPath()
      if (path !== null) {
        next.delete(path)
        next.set(`${path}/${edit.name}`, edit.leaf)
      }
    } else {
      const inner = folders.filter((folder) => folder !== '')
      if (inner.length === 0) continue
      const folder = inner[edit.pick % inner.length]!
      for (const path of [...next.keys()]) if (path.startsWith(folder)) next.delete(path)
      next.set(folder.slice(0, -1), edit.leaf)
    }
  }
  return next
}

export const editsArb = fc.array(editArb, { maxLength: 6 })

/** fast-import's quoted path: C-style escapes, UTF-8 bytes as they are. */
function quote(path: string): string {
  return `"${path.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`
}

/**
 * Writes each tree with `git fast-import` (one process for all of them: blobs and trees land in
 * one pack) and returns their ids, in order.
 */
export function writeTrees(dir: string, trees: readonly FlatTree[]): string[] {
  if (trees.length === 0) return []
  const stream: string[] = []
  const data = (text: string) => `data ${Buffer.byteLength(text, 'utf8')}\n${text}\n`
  trees.forEach((tree, i) => {
    stream.push(`commit refs/random-trees/${i}\ncommitter T <t@example.com> 1700000000 +0000\n${data('tree')}deleteall\n`)
    for (const [path, leaf] of tree) {
      if (leaf.mode === '160000') stream.push(`M 160000 ${leaf.content} ${quote(path)}\n`)
      else stream.push(`M ${leaf.mode} inline ${quote(path)}\n${data(leaf.content)}`)
    }
    stream.push('\n')
  })
  runGit(['fast-import', '--quiet', '--force', '--done'], { cwd: dir, input: stream.join('') + 'done\n', env: MAINTAINER_GIT_ENV })
  const refs = trees.map((_, i) => `refs/random-trees/${i}`)
  const oids = runGit(['rev-parse', ...refs.map((ref) => `${ref}^{tree}`)], { cwd: dir, env: MAINTAINER_GIT_ENV }).trim().split('\n')
  // The commits only carried the trees: unreferenced, they stay out of what a test inspects.
  runGit(['update-ref', '--stdin'], { cwd: dir, input: refs.map((ref) => `delete ${ref}\n`).join(''), env: MAINTAINER_GIT_ENV })
  return oids
}

/** `git ls-tree -r` of a tree: path → mode and id. */
export function lsTree(dir: string, tree: string): Map<string, { mode: string; oid: string }> {
  const entries = new Map<string, { mode: string; oid: string }>()
  for (const line of runGit(['ls-tree', '-r', '-z', tree], { cwd: dir, env: MAINTAINER_GIT_ENV }).split('\0')) {
    if (line === '') continue
    const tab = line.indexOf('\t')
    const [mode, , oid] = line.slice(0, tab).split(' ')
    entries.set(line.slice(tab + 1), { mode: mode!, oid: oid! })
  }
  return entries
}

