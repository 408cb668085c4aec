import { BoundedCache } from '../../lib/bounded-cache.ts'
import { checkTreeObject, FOLDER_MODE } from '../formats/tree-rules.ts'
import type { ReadTree } from './tree-diff.ts'

/** A path a tree holds that git would refuse, and why (tree-rules.ts). */
export interface RefusedEntry {
  /** Repository-relative, as read (the caller shows it with showPath). */
  path: string
  reason: string
}

/** Tree ids checked and found good, kept so that the next pull skips them. */
const MAX_KNOWN = 10_000

/**
 * Checks, before anything of it is checked out, that a commit's tree holds only what git's fsck
 * and verify_path accept (tree-rules.ts). Only the trees that are new are read: a folder whose
 * tree id is the same as in the tree checked out now (same path), or that was checked before, was
 * already accepted; trees are immutable and named by their content, so that can never be stale.
 * A pull that changes one post reads the root, `content`, and `content/blog` of the new commit.
 */
export class TreeCheck {
  readonly #read: ReadTree
  readonly #known = new BoundedCache<string, true>({ maxEntries: MAX_KNOWN })

  constructor(read: ReadTree) {
    this.#read = read
  }

  /** The first refused entry of `to` (a tree id), reading only the trees `from` (HEAD's tree, or null) lacks. */
  async findRefused(from: string | null, to: string): Promise<RefusedEntry | null> {
    return this.#walk(to, from, '')
  }

  async #walk(tree: string, before: string | null, prefix: string): Promise<RefusedEntry | null> {
    if (tree === before || this.#known.get(tree)) return null
    const { entries, problems } = checkTreeObject(await this.#read(tree))
    if (problems.length > 0) return { path: prefix + problems[0]!.name, reason: problems[0]!.reason }
    let beforeFolders: Map<string, string> | null = null
    for (const entry of entries) {
      if (entry.mode !== FOLDER_MODE) continue
      beforeFolders ??= await this.#folders(before)
      const found = await this.#walk(entry.oid, beforeFolders.get(entry.name) ?? null, `${prefix}${entry.name}/`)
      if (found) return found
    }
    this.#known.set(tree, true)
    return null
  }

  /** The folders of a tree by name (its files do not matter: only folders are walked into). */
  async #folders(tree: string | null): Promise<Map<string, string>> {
    const folders = new Map<string, string>()
    if (tree === null) return folders
    for (const entry of checkTreeObject(await this.#read(tree)).entries) {
      if (entry.mode === FOLDER_MODE) folders.set(entry.name, entry.oid)
    }
    return folders
  }
}
