import type { GitStore } from './objects/git-store.ts'
import type { IndexUpdate } from './objects/index-file.ts'
import type { WorkTree } from './work-tree.ts'

/**
 * Makes the work-tree files and the index entries of `paths` match the tree `tree` (a commit's
 * tree, null for none). The last step of every save and of every recovery: afterwards
 * `git status` shows nothing for these paths, and nothing changed for any other path, so
 * whatever else a maintainer staged or edited stays as it was.
 *
 * A file that already has the right content is not rewritten: in a normal save it was written
 * moments ago, and rewriting it would only wake the folder watcher again.
 */
export async function syncPathsToTree(options: { store: GitStore; workTree: WorkTree; tree: string | null; paths: string[] }): Promise<void> {
  const { store, workTree, tree, paths } = options
  const edits: IndexUpdate[] = []
  for (const filepath of paths) {
    const wanted = await store.trees.lookup(tree, filepath)
    if ((await workTree.blobIdOf(filepath)) !== wanted) {
      await workTree.write(filepath, wanted === null ? null : await store.readBlob(wanted))
    }
    edits.push(wanted === null ? { path: filepath, oid: null } : { path: filepath, oid: wanted, stats: await workTree.stat(filepath) })
  }
  await store.updateIndex(edits)
}
