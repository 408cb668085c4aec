import * as nodeFs from 'node:fs'
import { utimes } from 'node:fs/promises'
import path from 'node:path'
import git from 'isomorphic-git'
import { NotFoundError, RepositoryStateError } from '../../lib/errors.ts'
import { type AtomicFs, createAtomicFs } from './atomic-fs.ts'
import { removeFileIfPresent } from '../../lib/atomic-write.ts'
import { BoundedCache } from '../../lib/bounded-cache.ts'
import type { CommitInfo, GitAuthor } from '../formats/commit-types.ts'
import { GitRefs } from './git-refs.ts'
import { IndexFile, type IndexUpdate } from './index-file.ts'
import { diskBytes, looseObjectPath } from './loose-objects.ts'
import { decodeTree, encodeLooseObject, encodeTree, type ParsedCommit, parseCommit } from '../formats/object-format.ts'
import { ObjectReader, type RawObject } from './object-reader.ts'
import { SharedLock } from '../../lib/shared-lock.ts'
import { type PathEdits, type TreeEntry, TreeStore } from './tree-store.ts'

/**
 * The object store, the refs (git-refs.ts) and the index, partly through isomorphic-git.
 * Everything isomorphic-git writes goes through the atomic `fs` (see atomic-fs.ts). Objects are
 * read natively where possible (object-reader.ts) and the index is edited directly
 * (index-file.ts), for speed (measured there). Objects are hashed and compressed natively
 * (object-format.ts) not for speed (`writeTree`, `writeBlob`: 1.1× to 2.3×, `npm run bench:git`)
 * but because a write needs the id first (an existing object is freshened, not rewritten) and
 * the compressed size (packing sums them). isomorphic-git does the rest: refs (loose or packed),
 * HEAD, writing commits, and reading whatever the native reader cannot. (The other modules that
 * import isomorphic-git are git-refs.ts, remote/remote-transport.ts and remote/http-client.ts for
 * fetch and push, and packing/auto-pack.ts to read the repository's config.)
 *
 * Packing (auto-pack.ts) replaces loose objects and packs under everyone's feet; what it needs
 * from here: writing an object that already exists loose refreshes its time (as git does), so
 * that pruning never removes an object a save has just decided to use; isomorphic-git's object
 * reads (fetch and push included) share a lock that removing packs takes exclusively; and
 * removing packs resets isomorphic-git's pack cache, which would otherwise keep every pack
 * ever read in memory.
 */
export interface Head {
  /** e.g. `refs/heads/main` */
  branchRef: string
  /** null on a branch with no commit yet */
  commit: string | null
  tree: string | null
}

export interface GitStoreDeps {
  gitdir: string
  /** Where the temp files of atomic writes under `gitdir` go (same filesystem). */
  tempDir: string
  /** Told the disk size of each loose object written (packing counts them). */
  onLooseWrite?: (bytes: number) => void
}

/** Commits whose tree is remembered; a save only ever asks for the latest one or two. */
const MAX_CACHED_COMMITS = 8
/** What a loose commit object takes on disk (one filesystem block). */
const COMMIT_DISK_BYTES = diskBytes(1)
/** The files of a pack, index first: readers only see a pack through its index. */
const PACK_FILES = ['.idx', '.pack', '.rev', '.bitmap', '.mtimes']

export class GitStore {
  readonly trees: TreeStore
  readonly refs: GitRefs
  readonly #fs: AtomicFs
  readonly #gitdir: string
  /** isomorphic-git's own cache (packfiles and their indexes), shared by every call; a new one after packing. */
  #cache: object = {}
  /** isomorphic-git's object reads (shared) against removing packs (exclusive). */
  readonly #packsInUse = new SharedLock()
  readonly #index: IndexFile
  /** Each commit's tree, for the latest few commits. */
  readonly #commitTrees = new BoundedCache<string, string>({ maxEntries: MAX_CACHED_COMMITS })
  /** Reads objects natively; isomorphic-git reads what it cannot (see object-reader.ts). */
  readonly #reader: ObjectReader
  readonly #objectsDir: string
  /** Told the disk size of each loose object written (packing counts them). */
  readonly #onLooseWrite: (bytes: number) => void

  constructor(deps: GitStoreDeps) {
    this.#gitdir = deps.gitdir
    this.#objectsDir = path.join(deps.gitdir, 'objects')
    this.#onLooseWrite = deps.onLooseWrite ?? (() => {})
    this.#fs = createAtomicFs(deps)
    this.refs = new GitRefs({ fs: this.#fs, gitdir: deps.gitdir })
    this.#reader = new ObjectReader(deps.gitdir)
    this.#index = new IndexFile(path.join(deps.gitdir, 'index'), deps.tempDir)
    this.trees = new TreeStore({
      readTree: async (oid) => decodeTree(await this.#readObject(oid, 'tree')),
      writeTree: async (content) => this.#writeObject('tree', content),
    })
  }

  /** The branch HEAD points at, its commit and that commit's tree. */
  async readHead(): Promise<Head> {
    const branchRef = await this.refs.branchRef()
    const commit = await this.refs.readRef(branchRef)
    return { branchRef, commit, tree: commit === null ? null : await this.#treeOf(commit) }
  }

  /** `oid`: the bytes' blob id when the caller has it (see encodeLooseObject); returns the id. */
  async writeBlob(bytes: Uint8Array, oid?: string): Promise<string> {
    return this.#writeObject('blob', bytes, oid)
  }

  async readBlob(oid: string): Promise<Uint8Array> {
    return this.#readObject(oid, 'blob')
  }

  /** A tree object's raw content (for diffs that must not churn the tree cache). */
  async readTreeBytes(oid: string): Promise<Buffer> {
    return this.#readObject(oid, 'tree')
  }

  /** A commit, parsed; a missing object or one of another type is a NotFoundError. */
  async readCommit(oid: string): Promise<CommitInfo> {
    const native = await this.#reader.read(oid)
    let commit: ParsedCommit
    if (native) {
      if (native.type !== 'commit') throw new NotFoundError(`No commit ${oid}`)
      commit = parseCommit(native.content)
    } else {
      try {
        const { commit: parsed } = await this.#packsInUse.shared(() => git.readCommit({ fs: this.#fs, gitdir: this.#gitdir, oid, cache: this.#cache }))
        commit = { ...parsed, parents: parsed.parent }
      } catch (error) {
        if (error instanceof git.Errors.NotFoundError || error instanceof git.Errors.ObjectTypeError) throw new NotFoundError(`No commit ${oid}`)
        throw error
      }
    }
    this.#commitTrees.set(oid, commit.tree)
    return {
      oid,
      tree: commit.tree,
      parents: commit.parents,
      author: { name: commit.author.name, email: commit.author.email },
      authoredAt: commit.author.timestamp,
      committedAt: commit.committer.timestamp,
      message: commit.message,
    }
  }

  /** Closes the packfiles the native reader holds open. */
  async close(): Promise<void> {
    await this.#reader.close()
  }

  /**
   * Deletes packs that a new pack replaced (names `pack-<hex>`), once no isomorphic-git read is
   * in progress; then forgets them in both readers. Each pack's index goes first, so no reader
   * ever finds an index without its pack. `between` runs after the first index is removed (tests).
   */
  async removePacks(names: string[], between: () => Promise<void> = async () => {}): Promise<void> {
    await this.#packsInUse.exclusive(async () => {
      let first = true
      for (const name of names) {
        for (const extension of PACK_FILES) {
          await removeFileIfPresent(path.join(this.#objectsDir, 'pack', name + extension))
          if (first && extension === '.idx') await between()
          first = false
        }
      }
      this.#cache = {}
    })
    await this.#reader.refresh()
  }

  /**
   * One commit on HEAD's branch: HEAD's tree with `edits` applied, `author` as author and
   * committer, HEAD as the only parent (none on an unborn branch), so history stays linear.
   */
  async commit(options: { head: Head; edits: PathEdits; message: string; author: GitAuthor }): Promise<{ commit: string; tree: string }> {
    const { head, edits, message, author } = options
    const tree = await this.trees.edit(head.tree, edits)
    const commit = await this.writeCommit({ tree, parents: head.commit === null ? [] : [head.commit], message, author })
    // Refused like GitRefs.moveBranch, in words that say when: a maintainer committed by hand.
    const now = await this.refs.readRef(head.branchRef)
    if (now !== head.commit) {
      throw new RepositoryStateError(`${head.branchRef} moved from ${head.commit ?? 'nothing'} to ${now ?? 'nothing'} during a save`)
    }
    await this.refs.writeRef(head.branchRef, commit)
    return { commit, tree }
  }

  /** Writes a tree object from its entries (any order; git's is applied). */
  async writeTree(entries: TreeEntry[]): Promise<string> {
    return this.#writeObject('tree', encodeTree(entries))
  }

  /** A commit object with these parents (two for a merge); no branch moves. */
  async writeCommit(options: { tree: string; parents: string[]; message: string; author: GitAuthor }): Promise<string> {
    const { tree, parents, message, author } = options
    const signature = { ...author, timestamp: Math.floor(Date.now() / 1000), timezoneOffset: new Date().getTimezoneOffset() }
    const commit = await git.writeCommit({
      fs: this.#fs,
      gitdir: this.#gitdir,
      commit: { message, tree, parent: parents, author: signature, committer: signature },
    })
    this.#onLooseWrite(COMMIT_DISK_BYTES)
    this.#commitTrees.set(commit, tree)
    return commit
  }

  /** The staged blob of a path: null when not in the index, 'conflict' when it has unmerged stages. */
  async stagedOid(filepath: string): Promise<string | null | 'conflict'> {
    return this.#index.stagedOid(filepath)
  }

  /**
   * What isomorphic-git's network calls need: the same atomic fs and git directory, the current
   * cache (it is replaced after packing), and the lock their object reads take as users.
   */
  get isomorphicGit(): IsomorphicGitContext {
    const store = this
    return {
      fs: this.#fs,
      gitdir: this.#gitdir,
      get cache() {
        return store.#cache
      },
      shared: (work) => this.#packsInUse.shared(work),
    }
  }

  /** Sets the index entries of these paths, and only these, in one write of the index. */
  async updateIndex(updates: IndexUpdate[]): Promise<void> {
    await this.#index.update(updates)
  }

  /**
   * An existing object is not rewritten (its name is its content's hash), but a loose one gets
   * the current time, as git "freshens" it: packing prunes only unreachable objects older than
   * its grace period, and this one is about to become reachable again.
   */
  async #writeObject(type: 'blob' | 'tree', content: Uint8Array, knownOid?: string): Promise<string> {
    const { oid, deflated } = await encodeLooseObject(type, content, knownOid)
    const now = new Date()
    try {
      await utimes(looseObjectPath(this.#objectsDir, oid), now, now)
      return oid
    } catch {
      // Absent (ENOENT), or not ours to touch: written below, which isomorphic-git skips if it exists.
    }
    await git.writeObject({ fs: this.#fs, gitdir: this.#gitdir, type, object: deflated, format: 'deflated', oid })
    this.#onLooseWrite(diskBytes(deflated.length))
    return oid
  }

  /**
   * Any object with its type, or null when the repository does not have it: for a check of what
   * a pulled tree names (tree-check.ts), where an entry may name an object of another type than
   * its mode says, or none at all (a submodule's commit).
   */
  async readAnyObject(oid: string): Promise<RawObject | null> {
    const native = await this.#reader.read(oid)
    if (native) return native
    let result
    try {
      result = await this.#packsInUse.shared(() => git.readObject({ fs: this.#fs, gitdir: this.#gitdir, oid, format: 'content', cache: this.#cache }))
    } catch (error) {
      if (error instanceof git.Errors.NotFoundError) return null
      throw error
    }
    const { type } = result
    if (!(result.object instanceof Uint8Array) || (type !== 'blob' && type !== 'tree' && type !== 'commit' && type !== 'tag')) throw new RepositoryStateError(`Object ${oid} could not be read`)
    return { type, content: Buffer.from(result.object.buffer, result.object.byteOffset, result.object.byteLength) }
  }

  async #readObject(oid: string, type: 'blob' | 'tree'): Promise<Buffer> {
    const object = await this.readAnyObject(oid)
    // Every oid read here comes from a tree or a commit: a missing one means a damaged repository.
    if (object === null) throw new RepositoryStateError(`The ${type} ${oid} is missing from the repository`)
    if (object.type !== type) throw new RepositoryStateError(`Object ${oid} is a ${object.type}, not a ${type}`)
    return object.content
  }

  async #treeOf(commit: string): Promise<string> {
    const known = this.#commitTrees.get(commit)
    if (known) return known
    try {
      // readCommit remembers the tree.
      return (await this.readCommit(commit)).tree
    } catch (error) {
      // A branch naming a missing commit is a damaged repository, not a 404.
      if (error instanceof NotFoundError) throw new RepositoryStateError(`The commit ${commit} is missing from the repository`)
      throw error
    }
  }
}

/** What isomorphic-git's fetch and push are given (see `GitStore.isomorphicGit`). */
export interface IsomorphicGitContext {
  fs: AtomicFs
  gitdir: string
  readonly cache: object
  /** Runs `work` as a user of the packs: they are not removed meanwhile. */
  shared<T>(work: () => Promise<T>): Promise<T>
}

/** The work-tree root of the repository holding `dir` (a folder with `.git` in it), or null. */
export async function findRepositoryRoot(dir: string): Promise<string | null> {
  try {
    return await git.findRoot({ fs: nodeFs, filepath: dir })
  } catch (error) {
    if (error instanceof git.Errors.NotFoundError) return null
    throw error
  }
}
