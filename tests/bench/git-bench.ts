/**
 * `npm run bench:git [-- --posts 5000 --history 300 --runs 5 --keep]`
 *
 * The measurement behind each hand-written git module of `server/git/objects/`, against the
 * isomorphic-git call it replaces (or, where the library has none, the git CLI), on one temp
 * repository: `--posts` generated posts in `content/blog/`, `--history` further commits (one post
 * edited in each, through git fast-import), then `git repack -ad` so that history is packed with
 * deltas as a clone has it; a side branch `theirs` forks 5 commits back and edits another post.
 * Each figure is the median of `--runs` runs (the slow library calls run fewer times, as said).
 * Modules' opening comments quote these figures. Never touches this repository.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import git from 'isomorphic-git'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { blobId } from '../../server/git/objects/blob-id.ts'
import { CommitGraph, type CommitInfo } from '../../server/git/objects/commit-graph.ts'
import { encodeDelta } from '../../server/git/objects/delta.ts'
import { FileHistory } from '../../server/git/objects/file-history.ts'
import { IndexFile } from '../../server/git/objects/index-file.ts'
import { estimateLooseObjects, listLooseObjects } from '../../server/git/objects/loose-objects.ts'
import { mergeTrees } from '../../server/git/objects/merge-trees.ts'
import { decodeTree, encodeLooseObject, encodeTree, parseCommit } from '../../server/git/objects/object-format.ts'
import { ObjectReader } from '../../server/git/objects/object-reader.ts'
import { findInPackIndex, parsePackIndex, serializePackIndex } from '../../server/git/objects/pack-index.ts'
import { changedEntries, entryStarts } from '../../server/git/objects/tree-changes.ts'
import { diffTrees } from '../../server/git/objects/tree-diff.ts'
import { type TreeEntry, TreeStore } from '../../server/git/objects/tree-store.ts'
import { addHistory } from './add-history.ts'
import { generatePosts } from './generate-posts.ts'
import { table } from './report.ts'
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
const author = { name: 'Bench', email: 'bench@example.com' }
const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 30 }).trim()

interface Row {
  module: string
  task: string
  ours: Timing
  theirsName: string
  theirs: Timing | null
}
const rows: Row[] = []

/**
 * CPU time of this process and of the git commands it waited for, in ms: the figure compared,
 * because on a shared machine wall time mostly measures the neighbours (CPU time still grows a
 * little with contention: caches). Wall time is printed beside it.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage()
  // Fields 16 and 17 of /proc/self/stat: CPU of waited-for children, in clock ticks (100 a second).
  const fields = fs.readFileSync('/proc/self/stat', 'latin1').replace(/^.*\) /, '').split(' ')
  return (user + system) / 1000 + (Number(fields[13]) + Number(fields[14])) * 10
}

interface Timing {
  cpu: number
  wall: number
}

/** Median CPU and wall time of `count` runs of `work` (each run gets its index), in ms. */
async function median(count: number, work: (i: number) => Promise<unknown> | unknown): Promise<Timing> {
  const cpu: number[] = []
  const wall: number[] = []
  for (let i = 0; i < count; i++) {
    const startedCpu = cpuMs()
    const started = performance.now()
    await work(i)
    wall.push(performance.now() - started)
    cpu.push(cpuMs() - startedCpu)
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  return { cpu: middle(cpu), wall: middle(wall) }
}

function report(row: Row): void {
  rows.push(row)
  const ratio = row.theirs === null ? '' : ` (${(row.theirs.cpu / row.ours.cpu).toFixed(1)}×)`
  const both = (t: Timing) => `${ms(t.cpu)} CPU, ${ms(t.wall)} wall`
  console.log(`  ${row.module}: ${row.task}: ours ${both(row.ours)}; ${row.theirsName} ${row.theirs === null ? 'n/a' : both(row.theirs)}${ratio}`)
}

const ms = (value: number) => (value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`)

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
      writeTree: async (entries) => {
        const { oid, deflated } = await encodeLooseObject('tree', encodeTree(entries))
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

  // ---------------------------------------------------------------- tree-changes
  console.log('\ntree-changes.ts')
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
      module: 'tree-changes',
      task: `changed entries of ${bytes.length - 1} post-folder trees against the newer one (packing)`,
      ours,
      theirsName: 'tree-diff.ts (no library call)',
      theirs: viaDiff,
    })
  }

  // ---------------------------------------------------------------- merge-trees
  console.log('\nmerge-trees.ts')
  {
    const base = run('merge-base', 'main', 'theirs')
    const trees = { base: (await commitOf(base)).tree, ours: (await commitOf(main)).tree, theirs: (await commitOf(theirs)).tree }
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
    const history = new FileHistory({ graph: new CommitGraph(info), readTree: async (oid) => (await fresh.read(oid))!.content, readBlob: async (oid) => (await fresh.read(oid))!.content })
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

  // ---------------------------------------------------------------- delta
  console.log('\ndelta.ts (no library equivalent: isomorphic-git writes packs without deltas)')
  {
    const fresh = new ObjectReader(gitdir)
    const bytes = await Promise.all(folders.map(async (oid) => (await fresh.read(oid))!.content))
    await fresh.close()
    let size = 0
    const ours = await median(runs, () => {
      size = 0
      for (let i = 1; i < bytes.length; i++) size += encodeDelta(bytes[i - 1]!, bytes[i]!)!.length
    })
    // git's own delta search on the same trees: a pack of those objects alone, process start included.
    const input = `${folders.join('\n')}\n`
    const theirs = await median(runs, () => execFileSync('git', ['pack-objects', '--stdout', '-q', '--window=10'], { cwd: dir, input, maxBuffer: 1 << 30 }))
    report({ module: 'delta', task: `delta-compress ${bytes.length - 1} post-folder trees (${(size / (bytes.length - 1)).toFixed(0)} B a delta)`, ours, theirsName: 'git pack-objects (CLI)', theirs })
  }

  // ---------------------------------------------------------------- pack-index
  console.log('\npack-index.ts (no library call: isomorphic-git indexes a pack only by reading it all, as git index-pack)')
  {
    const idxFile = path.join(gitdir, 'objects/pack', packs[0]!)
    const idxBytes = await readFile(idxFile)
    const index = parsePackIndex(idxBytes)!
    const crcAt = 8 + 256 * 4 + index.count * 20
    const entries = Array.from({ length: index.count }, (_, i) => ({
      oid: Buffer.from(index.oids.subarray(i * 20, i * 20 + 20)),
      offset: index.offsets[i]!,
      crc32: idxBytes.readUInt32BE(crcAt + i * 4),
    }))
    const ours = await median(runs, () => {
      const written = serializePackIndex(entries, index.packChecksum)
      if (!written.equals(idxBytes)) throw new Error('pack index differs from git')
    })
    const packFile = idxFile.replace(/\.idx$/, '.pack')
    const out = path.join(dir, 'tmp', 'bench.idx')
    const theirs = await median(Math.min(runs, 2), () => execFileSync('git', ['index-pack', '-o', out, packFile], { cwd: dir }))
    report({ module: 'pack-index', task: `write the index of a pack of ${index.count} objects`, ours, theirsName: 'git index-pack (CLI, reads the pack)', theirs })
    const lookups = await median(runs, () => {
      const parsed = parsePackIndex(idxBytes)!
      for (const entry of entries) findInPackIndex(parsed, entry.oid)
    })
    report({ module: 'pack-index', task: `parse it and find each of its ${index.count} objects`, ours: lookups, theirsName: 'none', theirs: null })
  }

  // ---------------------------------------------------------------- loose-objects
  console.log('\nloose-objects.ts (no library call; the scratch repository holds the loose objects written above)')
  {
    const objectsDir = path.join(scratch, 'objects')
    let count = 0
    const ours = await median(runs, () => (count = listLooseObjects(objectsDir).length))
    const estimate = await median(runs, () => estimateLooseObjects(objectsDir))
    const theirs = await median(runs, () => execFileSync('git', ['count-objects', '-v'], { cwd: scratch }))
    report({ module: 'loose-objects', task: `list ${count} loose objects with their times (estimate: ${ms(estimate.cpu)} CPU)`, ours, theirsName: 'git count-objects (CLI)', theirs })
  }

  console.log(`\nSummary (median ms of CPU, this process and its git commands, and of wall time; ratio = theirs / ours in CPU; ${postCount} posts, ${commits.length} commits):`)
  console.log(
    table(
      ['module', 'measured', 'ours CPU', 'wall', 'replaces', 'theirs CPU', 'wall', 'ratio (CPU)'],
      rows.map((row) => [
        row.module,
        row.task,
        ms(row.ours.cpu),
        ms(row.ours.wall),
        row.theirsName,
        row.theirs === null ? '-' : ms(row.theirs.cpu),
        row.theirs === null ? '-' : ms(row.theirs.wall),
        row.theirs === null ? '-' : `${(row.theirs.cpu / row.ours.cpu).toFixed(1)}×`,
      ]),
    ),
  )
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
