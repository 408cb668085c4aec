/**
 * bench:git, a save and its checkout (save.ts, checkout.ts) against the isomorphic-git calls they
 * replace, in the bench repository's work tree on `main`: what a server save does. They write
 * loose objects into it, so they run after the benches that need it packed.
 */
import fs from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import git from 'isomorphic-git'
import { silentLogger } from '../../server/lib/logger.ts'
import { checkoutPaths } from '../../server/git/checkout.ts'
import { GitStore } from '../../server/git/store/git-store.ts'
import { Recovery } from '../../server/git/recovery.ts'
import { RepositoryJournal } from '../../server/git/repository-journal.ts'
import { commitSave } from '../../server/git/save.ts'
import { TreeCheck } from '../../server/git/history/tree-check.ts'
import { WorkTree } from '../../server/git/work-tree.ts'
import { type BenchRepo, median, report } from './git-bench-harness.ts'

const author = { name: 'Bench', email: 'bench@example.com' }

export async function benchSaveAndCheckout(repo: BenchRepo): Promise<void> {
  const { dir, gitdir, runs } = repo
  const tempDir = path.join(gitdir, 'watchio-tmp')
  const store = new GitStore({ gitdir, tempDir })
  const workTree = new WorkTree(dir)
  const journal = new RepositoryJournal({ gitdir, tempDir })
  const treeCheck = new TreeCheck({ readTree: (oid) => store.readTreeBytes(oid), readObject: (oid) => store.readAnyObject(oid) })
  const recovery = new Recovery({ store, workTree, journal, logger: silentLogger, gitdir, tempDir, treeCheck })
  // One cache for every library call, as a server would keep it.
  const cache = {}
  try {
    console.log('\nsave.ts')
    {
      const filepath = `content/blog/${repo.slugs[5]}.html`
      const file = path.join(dir, filepath)
      const original = await readFile(file, 'utf8')
      const edited = (label: string) => original.replace('</p>', ` ${label}.</p>`)
      const deps = { store, workTree, journal, recovery, logger: silentLogger }
      const ours = await median(runs * 2, async (i) => {
        const commit = await commitSave(deps, { changes: [{ path: file, content: edited(`ours ${i}`) }], message: `save ${i}`, author })
        if (commit === null) throw new Error('the bench save should commit')
      })
      const theirs = await median(runs * 2, async (i) => {
        await writeFile(file, edited(`library ${i}`))
        await git.add({ fs, dir, gitdir, filepath, cache })
        await git.commit({ fs, dir, gitdir, message: `library save ${i}`, author, cache })
      })
      if (repo.run('status', '--porcelain', '--untracked-files=no') !== '') throw new Error('a save left the work tree or index dirty')
      report({ module: 'save', task: 'save one post: blob, work-tree file, trees, commit, branch, index', ours, theirsName: 'add + commit', theirs })
    }

    console.log('\ncheckout.ts')
    {
      // A post changed by hand, then checked out again from HEAD, as a pull or a recovery does.
      const filepath = `content/blog/${repo.slugs[6]}.html`
      const file = path.join(dir, filepath)
      const committed = await readFile(file, 'utf8')
      const check = async () => {
        if ((await readFile(file, 'utf8')) !== committed) throw new Error('checkout did not restore the post')
      }
      const ours = await median(runs * 2, async (i) => {
        await writeFile(file, `${committed}ours ${i}\n`)
        await checkoutPaths({ store, workTree, tree: (await store.readHead()).tree, paths: [filepath] })
        await check()
      })
      const theirs = await median(runs, async (i) => {
        await writeFile(file, `${committed}library ${i}\n`)
        await git.checkout({ fs, dir, gitdir, ref: 'main', filepaths: [filepath], force: true, cache })
        await check()
      })
      if (repo.run('status', '--porcelain', '--untracked-files=no') !== '') throw new Error('a checkout left the work tree or index dirty')
      report({ module: 'checkout', task: 'check out one post changed in the work tree', ours, theirsName: 'checkout({ filepaths, force })', theirs })
    }
  } finally {
    await store.close()
  }
}
