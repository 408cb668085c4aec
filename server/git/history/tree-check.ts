import { BoundedCache } from '../../lib/bounded-cache.ts'
import { gitattributesProblem, gitmodulesProblem } from '../formats/gitmodules-rules.ts'
import { checkTreeObject, type DotfileEntry, FOLDER_MODE, namedAs } from '../formats/tree-rules.ts'
import type { RawObject } from '../store/object-reader.ts'
import type { ReadTree } from './tree-diff.ts'

/** What the check reads: trees, and the objects a tree's .gitmodules and .gitattributes name (any type, or null when absent). */
export interface TreeCheckReads {
  readTree: ReadTree
  readObject: (oid: string) => Promise<RawObject | null>
}

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
 * and verify_path accept (tree-rules.ts), the content of a `.gitmodules` and a `.gitattributes`
 * included (gitmodules-rules.ts). Only the trees that are new are read: a folder whose
 * tree id is the same as in the tree checked out now (same path), or that was checked before, was
 * already accepted; trees are immutable and named by their content, so that can never be stale.
 * A pull that changes one post reads the root, `content`, and `content/blog` of the new commit.
 */
export class TreeCheck {
  readonly #read: ReadTree
  readonly #readObject: TreeCheckReads['readObject']
  readonly #known = new BoundedCache<string, true>({ maxEntries: MAX_KNOWN })

  constructor(reads: TreeCheckReads) {
    this.#read = reads.readTree
    this.#readObject = reads.readObject
  }

  /** The first refused entry of `to` (a tree id), reading only the trees `from` (HEAD's tree, or null) lacks. */
  async findRefused(from: string | null, to: string): Promise<RefusedEntry | null> {
    return this.#walk(to, from, '')
  }

  async #walk(tree: string, before: string | null, prefix: string): Promise<RefusedEntry | null> {
    if (tree === before || this.#known.get(tree)) return null
    const { entries, problems, dotfiles } = checkTreeObject(await this.#read(tree))
    if (problems.length > 0) return { path: prefix + problems[0]!.name, reason: problems[0]!.reason }
    for (const dotfile of dotfiles) {
      const reason = await this.#dotfileProblem(dotfile)
      if (reason) return { path: prefix + dotfile.name, reason }
    }
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

  /**
   * fsck.c, fsck_blobs and fsck_blob: the object a `.gitmodules` or `.gitattributes` that is no
   * symbolic link names must be a blob in the repository (a submodule's commit is not), and its
   * content one git accepts.
   */
  async #dotfileProblem({ file, oid }: DotfileEntry): Promise<string | null> {
    const id = file.slice(1)
    const object = await this.#readObject(oid)
    if (object === null) return `is ${namedAs(file)}, but what it names is not in the repository, which git’s fsck refuses (${id}Missing)`
    if (object.type !== 'blob') return `is ${namedAs(file)}, but it is a ${object.type}, not a file, which git’s fsck refuses (${id}Blob)`
    const problem = file === '.gitmodules' ? gitmodulesProblem(object.content) : gitattributesProblem(object.content)
    return problem && `is ${namedAs(file)}, and git’s fsck refuses its content: it ${problem}`
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
