import type { BigIntStats } from 'node:fs'
import { lstat, readdir, readlink, rmdir } from 'node:fs/promises'
import path from 'node:path'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { blobId } from './blob-id.ts'
import type { GitStore } from './store/git-store.ts'
import type { IndexUpdate } from './store/index-file.ts'
import type { EntryState } from './history/tree-diff.ts'
import type { TreeEntry } from './store/tree-store.ts'
import { SUBMODULE_MODE, SYMLINK_MODE } from './formats/tree-rules.ts'
import type { WorkTree } from './work-tree.ts'

/**
 * The one checkout: makes the work-tree files and index entries of `paths` match the tree `tree`
 * (a commit's tree, null for none), with their modes. The last step of every save, every pull and
 * every recovery: afterwards `git status` shows nothing for these paths, and nothing changed for
 * any other path, so whatever else a maintainer staged or edited stays as it was.
 *
 * A save's paths are plain post files; a pull may bring anything a content author committed: an
 * executable script, a symlink, a submodule. Symlinks and submodules are never written into the
 * work tree (a link committed as `content/media/...png` pointing at /etc/passwd would otherwise be
 * served, and one pointing at a folder would let later writes land outside the repository): the
 * commit is still checked out, the site serves what is valid, and such a path is in the index
 * with git's skip-worktree bit (as sparse checkout does), so `git status` stays clean and a
 * maintainer's own git sees the path as deliberately absent. Whatever was at the path before (a
 * link an older checkout or git itself made) is removed. Paths come from trees already checked
 * (tree-check.ts), and WorkTree refuses an unsafe one and any write through a linked folder
 * anyway.
 *
 * Deletions come first, so a file replaced by a folder of the same name (or the reverse) works.
 * Unlike git, folders left empty by a deletion stay (git ignores them, and the posts folder must
 * exist even when a pull removes every post). Each file is
 * written atomically (WorkTree.write). A file that already has the right content and mode is not
 * rewritten: rewriting it would only wake the folder watcher again. A save's own files (`written`)
 * are known to: they were written moments ago, so they are not even read back.
 *
 * In place of isomorphic-git's `checkout({ filepaths, force })`: one post changed by hand, checked
 * out again, takes 7.1 to 8.6 ms of CPU, the library 531 ms (62× to 75×; `npm run bench:git`,
 * 5,000 posts).
 */
export async function checkoutPaths(options: {
  store: GitStore
  workTree: WorkTree
  tree: string | null
  paths: string[]
  /**
   * Files the caller has just written itself (a save), with their blob and their lstat right
   * after the write: taken as they are, not read back and hashed again.
   */
  written?: ReadonlyMap<string, { oid: string; stats: BigIntStats }>
}): Promise<void> {
  const { store, workTree, tree, paths } = options
  const wanted = new Map<string, TreeEntry | null>()
  for (const filepath of paths) wanted.set(filepath, await entryAt(store, tree, filepath))
  const updates: IndexUpdate[] = []
  for (const [filepath, entry] of wanted) {
    if (entry !== null && entry.type !== 'tree') continue
    await removePath(workTree, filepath)
    updates.push({ path: filepath, oid: null })
  }
  for (const [filepath, entry] of wanted) {
    if (entry === null || entry.type === 'tree') continue
    if (entry.mode === SUBMODULE_MODE || entry.mode === SYMLINK_MODE) {
      await removePath(workTree, filepath)
      updates.push({ path: filepath, oid: entry.oid, mode: entry.mode === SYMLINK_MODE ? 0o120000 : 0o160000, skipWorktree: true })
    } else {
      const written = options.written?.get(filepath)
      if (written?.oid === entry.oid && entry.mode === '100644') {
        updates.push({ path: filepath, oid: entry.oid, stats: written.stats })
        continue
      }
      const executable = entry.mode === '100755'
      const state = await stateOf(workTree, filepath)
      if (state?.oid !== entry.oid || state.mode !== entry.mode) {
        if (state?.mode === '120000' || state?.mode === '040000') await removePath(workTree, filepath)
        await workTree.write(filepath, await store.readBlob(entry.oid), executable ? 0o755 : 0o644)
      }
      updates.push({ path: filepath, oid: entry.oid, stats: await workTree.stat(filepath) })
    }
  }
  await store.updateIndex(updates)
}

/**
 * What is at `filepath` in the work tree, as git would record it: a file's blob and mode, a
 * symlink's target as a blob, `040000` for a folder; null when nothing is there.
 */
export async function stateOf(workTree: WorkTree, filepath: string): Promise<EntryState | null> {
  const file = workTree.absolute(filepath)
  let stats
  try {
    stats = await lstat(file)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT' || nodeErrorCode(error) === 'ENOTDIR') return null
    throw error
  }
  if (stats.isSymbolicLink()) return { mode: '120000', oid: blobId(await readlink(file)) }
  if (stats.isDirectory()) return { mode: '040000', oid: '' }
  return { mode: stats.mode & 0o111 ? '100755' : '100644', oid: (await workTree.blobIdOf(filepath))! }
}

/** The entry at `filepath` in `tree` (null: no tree, or no such path). */
async function entryAt(store: GitStore, tree: string | null, filepath: string): Promise<TreeEntry | null> {
  let current = tree
  const names = filepath.split('/')
  for (const [i, name] of names.entries()) {
    if (current === null) return null
    const entry = (await store.trees.read(current)).get(name)
    if (!entry) return null
    if (i === names.length - 1) return entry
    current = entry.type === 'tree' ? entry.oid : null
  }
  return null
}

async function removePath(workTree: WorkTree, filepath: string): Promise<void> {
  const file = workTree.absolute(filepath)
  try {
    await workTree.remove(filepath)
  } catch (error) {
    const code = nodeErrorCode(error)
    if (code === 'ENOENT' || code === 'ENOTDIR') return
    // A folder where the tree wants a file or nothing: it goes only if it holds no file (the
    // dirty check before a pull refuses to overwrite anyone's files).
    if (code === 'EISDIR' || code === 'EPERM') {
      await removeEmptyFolders(file)
      return
    }
    throw error
  }
}

/** Removes a folder made only of (empty) folders; rmdir fails on the first file found. */
async function removeEmptyFolders(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) await removeEmptyFolders(path.join(dir, entry.name))
  }
  await rmdir(dir)
}
