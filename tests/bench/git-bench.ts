/**
 * `npm run bench:git [-- --posts 5000 --history 300 --runs 5 --keep]`
 *
 * The measurement behind each hand-written git module of `server/git/formats/`, `store/` and `history/`, a save (save.ts),
 * a checkout (checkout.ts) and a packing run (packing/build-pack.ts), against the isomorphic-git
 * call it replaces (or, where the library has none, the git CLI), on one temp repository:
 * `--posts` generated posts in `content/blog/`, `--history` further commits (one post edited in
 * each, through git fast-import), then `git repack -ad` so that history is packed with
 * deltas as a clone has it; a side branch `theirs` forks 5 commits back and edits another post.
 * Each figure is the median of `--runs` runs (the slow library calls run fewer times, as said).
 * Modules' opening comments quote these figures. Never touches this repository. The sections are
 * in git-bench-*.ts, the timing in git-bench-harness.ts.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import git from 'isomorphic-git'
import { serializePost } from '../../server/content/serialize-post.ts'
import { blobId } from '../../server/git/blob-id.ts'
import { IndexFile } from '../../server/git/store/index-file.ts'
import { decodeTree, encodeLooseObject, encodeTree, parseCommit } from '../../server/git/formats/object-format.ts'
import { ObjectReader } from '../../server/git/store/object-reader.ts'
import { changedEntries, entryStarts } from '../../server/git/packing/changed-entries.ts'
import { diffTrees } from '../../server/git/history/tree-diff.ts'
import { type TreeEntry, TreeStore } from '../../server/git/store/tree-store.ts'
import { addHistory } from './add-history.ts'
import { generatePosts } from './generate-posts.ts'
import { type BenchRepo, cpuMs, median, ms, report, summary } from './git-bench-harness.ts'
import { benchMergesAndHistory } from './git-bench-history.ts'
import { benchPackFormats, benchPackWriter } from './git-bench-packs.ts'
import { benchSaveAndCheckout } from './git-bench-writes.ts'
import { repoRoot } from './temp-project.ts'

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '5000' },
    history: { type: 'string', default: '300' },
    runs: { type: 'string', default: '5' },
    keep: { type: 'boolean', default: false },
  },
})
const postCount = Number(values.posts)
const historyCount = Number(values.history)
const runs = Number(values.runs)
if (!Number.isInteger(postCount) || postCount < 100 || !Number.isInteger(historyCount) || historyCount < 20 || !(runs >= 1)) {
  console.error('--posts: at least 100; --history: at least 20; --runs: at least 1')
  process.exit(2)
}

const benchStarted = performance.now()
console.log(`Git bench: ${postCount} posts, ${historyCount} commits of history, ${runs} runs; node ${process.version}; ${os.cpus().length} cores`)

const dir = await mkdtemp(path.join(os.tmpdir(), 'watchio-git-bench-'))
const gitdir = path.join(dir, '.git')
const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 }).trim()

try {
  // ---------------------------------------------------------------- the repository
  let started = performance.now()
  const images = (await readdir(path.join(repoRoot, 'public/images/blog'))).filter((name) => name.endsWith('.svg'))
  const posts = generatePosts({ count: postCount, images })
  const blogDir = path.join(dir, 'content/blog')
  await mkdir(blogDir, { recursive: true })
  for (const post of posts) await writeFile(path.join(blogDir, `${post.slug}.html`), serializePost(post))
  run('init', '-q', '-b', 'main')
  run('add', '-A')
  run('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-m', `${postCount} posts`)
  const slugs = posts.map((post) => post.slug)
  addHistory(dir, slugs, historyCount)
  run('repack', '-adq')
  // A side branch 5 commits back that edits a post main never touches (a clean merge).
  const otherSlug = slugs[slugs.length - 1]!
  run('checkout', '-q', '-b', 'theirs', 'main~5')
  const otherFile = path.join(blogDir, `${otherSlug}.html`)
  await writeFile(otherFile, (await readFile(otherFile, 'utf8')).replace('</p>', ' Edited on a side branch.</p>'))
  run('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-am', 'side branch')
  run('checkout', '-q', 'main')
  const commits = run('rev-list', 'main').split('\n')
  const main = commits[0]!
  const theirs = run('rev-parse', 'theirs')
  const packs = (await readdir(path.join(gitdir, 'objects/pack'))).filter((name) => name.endsWith('.idx'))
  console.log(`repository: ${commits.length} commits, ${packs.length} pack, made in ${((performance.now() - started) / 1000).toFixed(1)} s (${dir})`)

  const reader = new ObjectReader(gitdir)
  const readRaw = async (oid: string) => (await reader.read(oid))!.content
  const commitOf = async (oid: string) => parseCommit(await readRaw(oid))
  const childTree = async (tree: string, name: string) => decodeTree(await readRaw(tree)).find((entry) => entry.path === name)!.oid
  const folderOf = async (commit: string) => childTree(await childTree((await commitOf(commit)).tree, 'content'), 'blog')
  const sample = commits.slice(0, Math.min(100, commits.length - 1))
  const folders = await Promise.all(commits.slice(0, sample.length + 1).map(folderOf))
  await reader.close()

  // ---------------------------------------------------------------- object-reader
  console.log('\nobject-reader.ts')
  {
    const ours = await median(runs, async () => {
      const fresh = new ObjectReader(gitdir)
      for (const oid of folders) await fresh.read(oid)
      await fresh.close()
    })
    // Once: about 2 s of CPU with 5,000 posts.
    const theirs = await median(1, async () => {
      const cache = {}
      for (const oid of folders) await git.readObject({ fs, gitdir, oid, format: 'content', cache })
    })
    report({ module: 'object-reader', task: `read the post folder's tree of ${folders.length} commits, packed (cold reader)`, ours, theirsName: 'readObject', theirs })
  }

  // A scratch repository for writes (a local clone: the same pack, hard-linked), so that the
  // measured one stays packed.
  const scratch = path.join(dir, 'scratch.git')
  run('clone', '-q', '--bare', '--local', dir, scratch)
  const folderEntries = decodeTree(await readFileObject(folders[0]!))
  const postBytes = Buffer.from(await readFile(path.join(blogDir, `${slugs[0]}.html`)))

  // ---------------------------------------------------------------- object-format
  console.log('\nobject-format.ts')
  {
    const edited = (i: number): TreeEntry[] =>
      folderEntries.map((entry, at) => (at === 7 ? { ...entry, oid: blobId(`${i}`) } : entry))
    // Three times the runs: a few ms each, and the two are close.
    const ours = await median(runs * 3, async (i) => {
      const { oid, deflated } = await encodeLooseObject('tree', encodeTree(edited(i)))
      await git.writeObject({ fs, gitdir: scratch, type: 'tree', object: deflated, format: 'deflated', oid })
    })
    const theirs = await median(runs * 3, (i) => git.writeTree({ fs, gitdir: scratch, tree: edited(1000 + i) }))
    report({ module: 'object-format', task: `write the post folder's tree (${folderEntries.length} entries, one changed)`, ours, theirsName: 'writeTree', theirs })
    const blobOurs = await median(runs * 4, async (i) => {
      const bytes = Buffer.concat([postBytes, Buffer.from(`${i}`)])
      const { oid, deflated } = await encodeLooseObject('blob', bytes)
      await git.writeObject({ fs, gitdir: scratch, type: 'blob', object: deflated, format: 'deflated', oid })
    })
    const blobTheirs = await median(runs * 4, (i) => git.writeBlob({ fs, gitdir: scratch, blob: Buffer.concat([postBytes, Buffer.from(`x${i}`)]) }))
    report({ module: 'object-format', task: `write one post's blob (${postBytes.length} bytes)`, ours: blobOurs, theirsName: 'writeBlob', theirs: blobTheirs })
  }

  // ---------------------------------------------------------------- blob-id
  console.log('\nblob-id.ts')
  {
    const texts = await Promise.all(slugs.slice(0, 1000).map((slug) => readFile(path.join(blogDir, `${slug}.html`), 'utf8')))
    const ours = await median(runs, () => texts.forEach((text) => blobId(text)))
    const theirs = await median(runs, async () => {
      for (const text of texts) await git.hashBlob({ object: text })
    })
    report({ module: 'blob-id', task: `id of ${texts.length} post texts`, ours, theirsName: 'hashBlob', theirs })
  }

  // ---------------------------------------------------------------- index-file
  console.log('\nindex-file.ts')
  {
    const file = path.join(blogDir, `${slugs[1]}.html`)
    const filepath = path.relative(dir, file)
    // Blobs the repository holds, so that git can read the index back afterwards.
    const oids = [run('rev-parse', `main:content/blog/${slugs[3]}.html`), run('rev-parse', `main:content/blog/${slugs[4]}.html`)]
    const stats = await fs.promises.lstat(file, { bigint: true })
    const index = new IndexFile(path.join(gitdir, 'index'), path.join(dir, 'tmp'))
    await mkdir(path.join(dir, 'tmp'))
    const ours = await median(runs * 2, (i) => index.update([{ path: filepath, oid: oids[i % 2]!, stats }]))
    const theirs = await median(runs * 2, (i) => git.updateIndex({ fs, dir, gitdir, filepath, oid: oids[(i + 1) % 2]!, add: true }))
    run('reset', '-q')
    report({ module: 'index-file', task: `stage one path in an index of ${postCount} entries`, ours, theirsName: 'updateIndex', theirs })
  }

  // ---------------------------------------------------------------- tree-store
  console.log('\ntree-store.ts')
  {
    const scratchReader = new ObjectReader(scratch)
    const store = new TreeStore({
      readTree: async (oid) => decodeTree((await scratchReader.read(oid))!.content),
      writeTree: async (content) => {
        const { oid, deflated } = await encodeLooseObject('tree', content)
        await git.writeObject({ fs, gitdir: scratch, type: 'tree', object: deflated, format: 'deflated', oid })
        return oid
      },
    })
    const filepath = `content/blog/${slugs[2]}.html`
    let root = (await commitOf(main)).tree
    const cold = await median(1, async () => (root = await store.edit(root, new Map([[filepath, blobId('cold')]]))))
    const ours = await median(runs * 2, async (i) => (root = await store.edit(root, new Map([[filepath, blobId(`warm ${i}`)]]))))
    // The library's way: read each tree on the path, write each again (then commit({ tree })).
    let isoRoot = (await commitOf(main)).tree
    const editWithLibrary = async (tree: string | undefined, names: string[], oid: string): Promise<string> => {
      const entries = tree ? (await git.readTree({ fs, gitdir: scratch, oid: tree, cache: {} })).tree : []
      const [name, ...rest] = names
      const at = entries.findIndex((entry) => entry.path === name)
      const child: TreeEntry =
        rest.length === 0
          ? { mode: '100644', path: name!, oid, type: 'blob' }
          : { mode: '040000', path: name!, oid: await editWithLibrary(entries[at]?.oid, rest, oid), type: 'tree' }
      if (at === -1) entries.push(child)
      else entries[at] = child
      return git.writeTree({ fs, gitdir: scratch, tree: entries })
    }
    const theirs = await median(runs, async (i) => (isoRoot = await editWithLibrary(isoRoot, filepath.split('/'), blobId(`iso ${i}`))))
    report({ module: 'tree-store', task: `a save's new root tree, one post changed (first save: ${ms(cold.cpu)} CPU)`, ours, theirsName: 'readTree + writeTree', theirs })
    await scratchReader.close()
  }

  // ---------------------------------------------------------------- tree-diff
  console.log('\ntree-diff.ts')
  {
    // 20 commits: the library takes about half a second for each with 5,000 posts.
    const pairs: [string, string][] = []
    for (const oid of sample.slice(0, 20)) {
      const commit = await commitOf(oid)
      pairs.push([commit.parents[0]!, oid])
    }
    const trees = new Map<string, string>()
    for (const oid of [...sample, ...pairs.map(([parent]) => parent)]) trees.set(oid, (await commitOf(oid)).tree)
    const ours = await median(runs, async () => {
      const fresh = new ObjectReader(gitdir)
      for (const [parent, child] of pairs) await diffTrees(async (oid) => (await fresh.read(oid))!.content, trees.get(parent)!, trees.get(child)!)
      await fresh.close()
    })
    const theirs = await median(1, async () => {
      const cache = {}
      for (const [parent, child] of pairs) {
        await git.walk({
          fs,
          gitdir,
          cache,
          trees: [git.TREE({ ref: parent }), git.TREE({ ref: child })],
          map: async (filepath, [a, b]) => {
            // Same oid on both sides: an unchanged file, or a folder not worth entering.
            if (a && b && (await a.oid()) === (await b.oid())) return null
            return filepath
          },
        })
      }
    })
    report({ module: 'tree-diff', task: `changes of ${pairs.length} commits against their parent`, ours, theirsName: 'walk([TREE, TREE])', theirs })
  }

  // ---------------------------------------------------------------- changed-entries
  console.log('\npacking/changed-entries.ts')
  {
    const fresh = new ObjectReader(gitdir)
    const bytes = await Promise.all(folders.map(async (oid) => (await fresh.read(oid))!.content))
    await fresh.close()
    const ours = await median(runs, () => {
      let base = { bytes: bytes[0]!, starts: entryStarts(bytes[0]!) }
      for (const tree of bytes.slice(1)) base = { bytes: tree, starts: changedEntries(tree, base).starts }
    })
    const viaDiff = await median(runs, async () => {
      for (let i = 1; i < bytes.length; i++) await diffTrees(async (oid) => (oid === 'a' ? bytes[i - 1]! : bytes[i]!), 'a', 'b')
    })
    report({
      module: 'changed-entries',
      task: `changed entries of ${bytes.length - 1} post-folder trees against the newer one (packing)`,
      ours,
      theirsName: 'tree-diff.ts (no library call)',
      theirs: viaDiff,
    })
  }

  const repo: BenchRepo = { dir, gitdir, scratch, blogDir, slugs, commits, main, theirs, folders, packs, runs, run }
  await benchMergesAndHistory(repo)
  await benchPackFormats(repo)
  await benchSaveAndCheckout(repo)
  await benchPackWriter(repo)

  console.log(`\nSummary (median ms of CPU, this process and its git commands, and of wall time; ratio = theirs / ours in CPU; ${postCount} posts, ${commits.length} commits):`)
  console.log(summary())
  console.log(`bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s, ${(cpuMs() / 1000).toFixed(0)} s of CPU`)

  async function readFileObject(oid: string): Promise<Buffer> {
    const fresh = new ObjectReader(gitdir)
    const object = (await fresh.read(oid))!.content
    await fresh.close()
    return object
  }
} finally {
  if (values.keep) console.log(`kept ${dir}`)
  else await rm(dir, { recursive: true, force: true })
}
