import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

import { readIndexObjects } from '../store/index-file.ts'
import { nodeErrorCode } from '../../lib/node-error-code.ts'

/**
 * Where reachability starts, for packing: everything git itself keeps when it prunes
 * (`git gc`, `git fsck`), plus our own journals.
 *
 * - refs: every ref (branches, `cms/*` side branches, `refs/remotes/watchio/*`, tags, stash),
 *   loose or in packed-refs (their peeled ids too), and HEAD;
 * - the other `*_HEAD` files (ORIG_HEAD, FETCH_HEAD, MERGE_HEAD...), and every reflog entry's
 *   old and new id (git keeps those until the reflog expires; `git fsck` checks them);
 * - the objects the index refers to (a staged but uncommitted file);
 * - the ids named in our journals (`watchio-*.json*`, an unreadable one set aside included): a
 *   save or pull in progress, or one a crash interrupted, whose objects recovery needs;
 * - the same for each linked worktree (`.git/worktrees/*`).
 *
 * `refs` are required: a ref to a missing object is a damaged repository, and packing stops.
 * The others are kept when they exist (a journal names a blob before it is written).
 * isomorphic-git has no gc to ask: a matter of correctness (`git fsck` after packing), not speed.
 */
export interface Roots {
  refs: string[]
  others: string[]
  /** Commits of a shallow clone whose parents are absent on purpose. */
  shallow: Set<string>
}

const OID = /^[0-9a-f]{40}$/
const OID_ANYWHERE = /\b[0-9a-f]{40}\b/g
const NO_OBJECT = '0'.repeat(40)

export async function readRoots(gitdir: string): Promise<Roots> {
  // A loose ref shadows the packed-refs line of the same name (git writes the loose one and leaves
  // the old line): only the live value is a root, or the old commit would be walked as a tip.
  const byName = parsePackedRefs(await readText(path.join(gitdir, 'packed-refs')))
  for (const [name, oid] of await looseRefs(gitdir)) byName.set(name, [oid])
  const refs = new Set([...byName.values()].flat())
  const others = new Set<string>()
  for (const dir of [gitdir, ...(await worktreeDirs(gitdir))]) {
    const head = (await readText(path.join(dir, 'HEAD'))).trim()
    if (OID.test(head)) refs.add(head)
    for (const oid of await otherHeads(dir)) others.add(oid)
    for (const oid of await reflogIds(path.join(dir, 'logs'))) others.add(oid)
    for (const oid of await readIndexObjects(path.join(dir, 'index'))) others.add(oid)
  }
  for (const oid of await journalIds(gitdir)) others.add(oid)
  const shallow = new Set((await readText(path.join(gitdir, 'shallow'))).split('\n').filter((line) => OID.test(line)))
  for (const oid of refs) others.delete(oid)
  others.delete(NO_OBJECT)
  return { refs: [...refs], others: [...others], shallow }
}

/** `<id> <name>` lines, each maybe followed by `^<id>`: the commit the annotated tag above points at. */
export function parsePackedRefs(text: string): Map<string, string[]> {
  const refs = new Map<string, string[]>()
  let last: string[] | null = null
  for (const line of text.split('\n')) {
    if (line.startsWith('^') && last && OID.test(line.slice(1, 41))) {
      last.push(line.slice(1, 41))
    } else if (OID.test(line.slice(0, 40)) && line[40] === ' ') {
      last = [line.slice(0, 40)]
      refs.set(line.slice(41), last)
    }
  }
  return refs
}

/** Each loose ref under `refs/`, by name; a symbolic ref (`ref: refs/...`) names another ref, listed in its own right. */
async function looseRefs(gitdir: string): Promise<Map<string, string>> {
  const refs = new Map<string, string>()
  for (const file of await filesUnder(path.join(gitdir, 'refs'))) {
    const text = (await readText(file)).trim()
    if (OID.test(text)) refs.set(path.relative(gitdir, file).split(path.sep).join('/'), text)
  }
  return refs
}

async function otherHeads(dir: string): Promise<string[]> {
  const oids: string[] = []
  for (const name of await names(dir)) {
    if (!/^[A-Z_]+_HEAD$/.test(name)) continue
    for (const line of (await readText(path.join(dir, name))).split('\n')) {
      if (OID.test(line.slice(0, 40))) oids.push(line.slice(0, 40))
    }
  }
  return oids
}

/** Each reflog line starts `<old id> <new id> `. */
async function reflogIds(dir: string): Promise<string[]> {
  const oids: string[] = []
  for (const file of await filesUnder(dir)) {
    for (const line of (await readText(file)).split('\n')) {
      for (const id of [line.slice(0, 40), line.slice(41, 81)]) if (OID.test(id)) oids.push(id)
    }
  }
  return oids
}

/** Any object id in our journals, whatever their shape: being generous here costs nothing. */
async function journalIds(gitdir: string): Promise<string[]> {
  const oids: string[] = []
  for (const name of await names(gitdir)) {
    if (name.startsWith('watchio-') && name.includes('.json')) oids.push(...((await readText(path.join(gitdir, name))).match(OID_ANYWHERE) ?? []))
  }
  return oids
}

async function worktreeDirs(gitdir: string): Promise<string[]> {
  const dir = path.join(gitdir, 'worktrees')
  return (await names(dir)).map((name) => path.join(dir, name))
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true })
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
}

async function names(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return []
    throw error
  }
}

/** A file's text, empty when it does not exist (or is a folder). */
async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'EISDIR' || nodeErrorCode(error) === 'ENOTDIR') return ''
    throw error
  }
}
