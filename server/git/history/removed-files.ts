import { type CommitGraph, type CommitInfo, CommitQueue } from './commit-graph.ts'
import type { FileHistory } from './file-history.ts'

/** A file a commit removed: the commit, its one parent, and the file as it was there. */
export interface FileRemoval {
  commit: CommitInfo
  parent: string
  path: string
  blob: string
}

/** Commits the walk visits at most (as many as the history cache keeps). */
const MAX_COMMITS = 50_000

/**
 * The files that commits reachable from `head` removed, for the paths `wanted` accepts, newest
 * commit first: where a deleted post is found (`git log --diff-filter=D`). Only commits with
 * one parent are read: a merge removes a file only because one side did, and that side's own
 * commit is reached through the merge. Each commit's diff comes from the file history's
 * cache, so after the first walk this is a walk in memory.
 */
export async function removedFiles(options: { graph: CommitGraph; files: FileHistory; head: string; wanted: (path: string) => boolean }): Promise<FileRemoval[]> {
  const { graph, files, wanted } = options
  const removals: FileRemoval[] = []
  const queue = new CommitQueue<null>()
  const seen = new Set<string>()
  queue.push(await graph.get(options.head), null)
  while (queue.size > 0 && seen.size < MAX_COMMITS) {
    const { commit } = queue.pop()!
    if (seen.has(commit.oid)) continue
    seen.add(commit.oid)
    if (commit.parents.length === 1) {
      const parent = commit.parents[0]!
      for (const change of (await files.changes(commit, parent)).values()) {
        if (change.before !== null && change.after === null && change.before.mode !== '040000' && wanted(change.path)) {
          removals.push({ commit, parent, path: change.path, blob: change.before.oid })
        }
      }
    }
    for (const parent of commit.parents) if (!seen.has(parent)) queue.push(await graph.get(parent), null)
  }
  return removals
}
