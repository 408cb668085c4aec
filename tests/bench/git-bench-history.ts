/**
 * bench:git, merges and history: merge-trees.ts, commit-graph.ts and file-history.ts against
 * isomorphic-git's `merge`, `findMergeBase`, `isDescendent` and `log({ filepath, follow })`.
 */
import fs from 'node:fs'
import path from 'node:path'
import git from 'isomorphic-git'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { CommitGraph, type CommitInfo } from '../../server/git/history/commit-graph.ts'
import { FileHistory } from '../../server/git/history/file-history.ts'
import { HistoryCache } from '../../server/git/history/history-cache.ts'
import { mergeTrees } from '../../server/git/history/merge-trees.ts'
import { encodeLooseObject, encodeTree, parseCommit } from '../../server/git/formats/object-format.ts'
import { ObjectReader } from '../../server/git/store/object-reader.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { type BenchRepo, median, ms, report } from './git-bench-harness.ts'

const author = { name: 'Bench', email: 'bench@example.com' }

export async function benchMergesAndHistory(repo: BenchRepo): Promise<void> {
  const { gitdir, scratch, main, theirs, commits, slugs, runs, run } = repo
  // ---------------------------------------------------------------- merge-trees
  console.log('\nmerge-trees.ts')
  {
    const base = run('merge-base', 'main', 'theirs')
    const trees = { base: run('rev-parse', `${base}^{tree}`), ours: run('rev-parse', `${main}^{tree}`), theirs: run('rev-parse', `${theirs}^{tree}`) }
    const ours = await median(runs, async () => {
      const fresh = new ObjectReader(gitdir)
      const merge = await mergeTrees(
        {
          readTree: async (oid) => (await fresh.read(oid))!.content,
          writeTree: async (entries) => {
            const { oid, deflated } = await encodeLooseObject('tree', encodeTree(entries))
            await git.writeObject({ fs, gitdir: scratch, type: 'tree', object: deflated, format: 'deflated', oid })
            return oid
          },
        },
        trees,
        () => null,
      )
      if (merge.conflicts.length > 0) throw new Error('the bench merge should be clean')
      await fresh.close()
    })
    const theirsMs = await median(Math.min(runs, 3), () =>
      git.merge({
        fs,
        gitdir,
        ours: 'main',
        theirs: 'theirs',
        noUpdateBranch: true,
        author,
        cache: {},
        // Whole files only, as merge-trees.ts: a file changed on both sides is a conflict.
        mergeDriver: ({ contents }) => ({ cleanMerge: false, mergedText: contents[1]! }),
      }),
    )
    report({ module: 'merge-trees', task: 'three-way merge, 5 commits against 1 (clean, cold reader)', ours, theirsName: 'merge({ mergeDriver })', theirs: theirsMs })
  }

  // ---------------------------------------------------------------- commit-graph
  console.log('\ncommit-graph.ts')
  {
    const info = (reader: ObjectReader) => async (oid: string): Promise<CommitInfo> => {
      const commit = parseCommit((await reader.read(oid))!.content)
      return { oid, tree: commit.tree, parents: commit.parents, author: commit.author, authoredAt: commit.author.timestamp, committedAt: commit.committer.timestamp, message: commit.message }
    }
    const withGraph = async (work: (graph: CommitGraph) => Promise<unknown>) => {
      const fresh = new ObjectReader(gitdir)
      await work(new CommitGraph(info(fresh)))
      await fresh.close()
    }
    const compareOurs = await median(runs, () => withGraph((graph) => graph.compare(main, theirs)))
    const compareTheirs = await median(runs, () => git.findMergeBase({ fs, gitdir, oids: [main, theirs], cache: {} }))
    report({ module: 'commit-graph', task: 'merge base of main and a branch 5 commits back (ours: ahead/behind too)', ours: compareOurs, theirsName: 'findMergeBase', theirs: compareTheirs })
    const notOurs = await median(runs, () => withGraph((graph) => graph.isAncestor(theirs, main)))
    const notTheirs = await median(Math.min(runs, 3), () => git.isDescendent({ fs, gitdir, oid: main, ancestor: theirs, depth: -1, cache: {} }))
    report({ module: 'commit-graph', task: `is the branch in main? (no: the library walks all ${commits.length} commits)`, ours: notOurs, theirsName: 'isDescendent', theirs: notTheirs })
    const yesOurs = await median(runs, () => withGraph((graph) => graph.isAncestor(commits[5]!, main)))
    const yesTheirs = await median(runs, () => git.isDescendent({ fs, gitdir, oid: main, ancestor: commits[5]!, depth: -1, cache: {} }))
    report({ module: 'commit-graph', task: 'is main~5 in main? (yes)', ours: yesOurs, theirsName: 'isDescendent', theirs: yesTheirs })
  }

  // ---------------------------------------------------------------- file-history
  console.log('\nfile-history.ts')
  {
    // The post edited by the first commit of the history: the walk goes back to the first commit.
    const filepath = `content/blog/${slugs[0]}.html`
    const blob = run('rev-parse', `main:${filepath}`)
    const identify = (file: string, bytes: Uint8Array) => parsePostFile(Buffer.from(bytes).toString('utf8'), path.basename(file)).id
    const fresh = new ObjectReader(gitdir)
    const info = async (oid: string): Promise<CommitInfo> => {
      const commit = parseCommit((await fresh.read(oid))!.content)
      return { oid, tree: commit.tree, parents: commit.parents, author: commit.author, authoredAt: commit.author.timestamp, committedAt: commit.committer.timestamp, message: commit.message }
    }
    const history = new FileHistory({ cache: new HistoryCache({ file: null, logger: silentLogger }), graph: new CommitGraph(info), readTree: async (oid) => (await fresh.read(oid))!.content, readBlob: async (oid) => (await fresh.read(oid))!.content })
    let versions = 0
    const cold = await median(1, async () => (versions = (await history.versions({ head: main, path: filepath, blob, identify })).length))
    const otherPath = `content/blog/${slugs[31]}.html`
    const otherBlob = run('rev-parse', `main:${otherPath}`)
    const warm = await median(runs, () => history.versions({ head: main, path: otherPath, blob: otherBlob, identify }))
    await fresh.close()
    let found = 0
    const theirs = await median(1, async () => (found = (await git.log({ fs, gitdir, ref: 'main', filepath, follow: true, cache: {} })).length))
    if (found !== versions) console.log(`  (versions found: ours ${versions}, log ${found})`)
    report({ module: 'file-history', task: `a post's history over ${commits.length} commits, first call (warm: ${ms(warm.cpu)} CPU)`, ours: cold, theirsName: 'log({ filepath, follow })', theirs })
  }
}
