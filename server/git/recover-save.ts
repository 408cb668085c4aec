import type { GitStore } from './objects/git-store.ts'
import type { SaveJournal } from './save-journal.ts'
import { syncPathsToTree } from './sync-paths.ts'
import type { WorkTree } from './work-tree.ts'

/**
 * Finishes or undoes a save that a crash (or a failed step) interrupted, from its journal.
 *
 * A save goes: journal → blob objects → work-tree files → trees and commit → branch → index →
 * journal removed. So, at any point of death:
 * - HEAD already holds every path at its intended blob: the commit landed, only the index (and
 *   perhaps a file) lag behind → "completed".
 * - Otherwise, every work-tree file already has its intended content: the blobs were written
 *   before the files, so the commit can be made now, with the journal's message and author
 *   → "committed". Nothing of the admin's save is lost.
 * - Otherwise some file was never written: put HEAD's version back in every path → "rolled back";
 *   the admin saw the save fail (the process died before answering), so nothing claims it happened.
 * In every case the work tree and the index end up matching HEAD for the journal's paths.
 */
export type SaveOutcome = 'completed' | 'committed' | 'rolled back'

export interface SettledSave {
  outcome: SaveOutcome
  /** The commit holding the save (null when rolled back). */
  commit: string | null
  /** One line for logs and the recovery report. */
  action: string
}

export async function settleSave(options: { store: GitStore; workTree: WorkTree; journal: SaveJournal }): Promise<SettledSave> {
  const { store, workTree, journal } = options
  const paths = journal.changes.map((change) => change.path)
  const listed = `${paths.join(', ')} ("${firstLine(journal.message)}", started ${journal.startedAt})`
  const head = await store.readHead()

  if (await everyChange(journal, async (filepath) => store.trees.lookup(head.tree, filepath))) {
    await syncPathsToTree({ store, workTree, tree: head.tree, paths })
    return { outcome: 'completed', commit: head.commit, action: `Save completed: commit ${head.commit} had landed; index and files now match it for ${listed}` }
  }

  if (await everyChange(journal, async (filepath) => workTree.blobIdOf(filepath))) {
    const edits = new Map<string, string | null>()
    for (const change of journal.changes) {
      const bytes = await workTree.read(change.path)
      // The blobs were written before the files, but writing again costs little and proves it.
      edits.set(change.path, bytes === null ? null : await store.writeBlob(bytes))
    }
    const { commit, tree } = await store.commit({ head, edits, message: journal.message, author: journal.author })
    await syncPathsToTree({ store, workTree, tree, paths })
    return { outcome: 'committed', commit, action: `Committed a save interrupted by a crash as ${commit}: ${listed}` }
  }

  await syncPathsToTree({ store, workTree, tree: head.tree, paths })
  return { outcome: 'rolled back', commit: null, action: `Save rolled back to HEAD ${head.commit ?? '(no commit)'}: ${listed}` }
}

async function everyChange(journal: SaveJournal, current: (filepath: string) => Promise<string | null>): Promise<boolean> {
  for (const change of journal.changes) {
    if ((await current(change.path)) !== change.blobId) return false
  }
  return true
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? ''
}
