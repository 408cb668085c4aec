/**
 * `npm run bench:history [-- --sizes 1000,10000 --history 1000 --keep]`
 *
 * For each size: a temp git repository with that many generated posts and `--history` further
 * commits (one post edited in each, one post renamed half-way, as an admin's rename does it:
 * the file's slug changes with its name). Then the history of a post, three ways:
 *   - isomorphic-git `log({ filepath, follow: true })`, what the issue suggested first;
 *   - `ContentRepository.fileHistory` cold (first call after open: every commit's diff computed);
 *   - the same warm (another post; the diffs are remembered), and after one more commit;
 *   - the first call after a restart: the repository closed (its history cache written to a
 *     folder, as the server's site folder) and opened again over the same cache folder.
 * Also reports whether each way follows the rename. Never touches this repository.
 */
import fs from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import git from 'isomorphic-git'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { HISTORY_CACHE_FILE, HistoryCache } from '../../server/git/history/history-cache.ts'
import { silentLogger } from '../../server/lib/logger.ts'
import { runGit } from '../support/git.ts'
import { generatePosts } from './generate-posts.ts'
import { table } from './report.ts'
import { repoRoot } from './temp-project.ts'

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    history: { type: 'string', default: '1000' },
    keep: { type: 'boolean', default: false },
  },
})
const sizes = values.sizes.split(',').map(Number)
const historyCommits = Number(values.history)

console.log(`History bench: sizes ${sizes.join(', ')}; ${historyCommits} commits of history; node ${process.version}; ${os.cpus().length} cores`)

const rows: string[][] = []
for (const size of sizes) {
  const log = (message: string) => console.log(`[${size}] ${message}`)
  const dir = await mkdtemp(path.join(os.tmpdir(), `watchio-history-bench-${size}-`))
  try {
    log('generating posts and history…')
    const images = (await readdir(path.join(repoRoot, 'public/images/blog'))).filter((name) => name.endsWith('.svg'))
    const posts = generatePosts({ count: size, images })
    const blogDir = path.join(dir, 'content/blog')
    await mkdir(blogDir, { recursive: true })
    for (const post of posts) await writeFile(path.join(blogDir, `${post.slug}.html`), serializePost(post))
    const run = (...args: string[]) => runGit(args, { cwd: dir }).trim()
    run('init', '-q', '-b', 'main')
    run('add', '-A')
    run('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-m', `${size} posts`)
    const slugs = posts.map((post) => post.slug)
    const renamed = addHistory(dir, slugs, historyCommits)
    log(`${run('rev-list', '--count', 'HEAD')} commits; ${renamed.from} renamed to ${renamed.to} half-way`)

    // The edited posts: slugs[(i * 31) % n]; the renamed one was edited before and after.
    const target = `content/blog/${renamed.to}.html`
    const other = `content/blog/${slugs[31 % slugs.length]}.html`

    const gitdir = path.join(dir, '.git')
    let started = performance.now()
    const isoLog = await git.log({ fs, gitdir, filepath: target, follow: true, cache: {} })
    const isoMs = performance.now() - started
    const isoFollows = isoLog.some((entry) => entry.commit.message.includes(`(${renamed.from})`))

    const identify = (file: string, bytes: Uint8Array) => {
      try {
        return parsePostFile(Buffer.from(bytes).toString('utf8'), path.basename(file)).id
      } catch {
        return null
      }
    }
    // Outside the repository, as the server's site folder is.
    const cacheDir = path.join(dir, 'site')
    const repository = await ContentRepository.open({ dir: blogDir, logger: silentLogger, history: { cacheDir } })
    let row: string[]
    let cold: Awaited<ReturnType<ContentRepository['fileHistory']>>
    try {
      started = performance.now()
      cold = await repository.fileHistory({ path: path.join(dir, target), identify })
      const coldMs = performance.now() - started
      const follows = cold.some((entry) => entry.message.includes(`(${renamed.from})`))
      started = performance.now()
      const warm = await repository.fileHistory({ path: path.join(dir, other), identify })
      const warmMs = performance.now() - started
      const file = path.join(dir, target)
      await repository.commitFiles({
        changes: [{ path: file, content: `${fs.readFileSync(file, 'utf8')}<p>one more</p>\n` }],
        message: 'one more',
        author: { name: 'Bench', email: 'bench@example.com' },
      })
      started = performance.now()
      const after = await repository.fileHistory({ path: file, identify })
      const afterMs = performance.now() - started
      if (after.length !== cold.length + 1) throw new Error(`expected ${cold.length + 1} versions after one more commit, got ${after.length}`)
      log(`isomorphic-git log ${isoMs.toFixed(0)} ms (${isoLog.length} commits, follows the rename: ${isoFollows})`)
      log(`fileHistory cold ${coldMs.toFixed(0)} ms (${cold.length} versions, follows: ${follows}); warm ${warmMs.toFixed(1)} ms (${warm.length}); after a commit ${afterMs.toFixed(1)} ms`)
      row = [String(size), String(historyCommits), isoMs.toFixed(0), String(isoFollows), coldMs.toFixed(0), warmMs.toFixed(1), afterMs.toFixed(1), String(follows)]
    } finally {
      await repository.close()
    }
    // The restart: the cache was written at close; the new repository loads it at open.
    const cacheFile = path.join(cacheDir, HISTORY_CACHE_FILE)
    started = performance.now()
    const loaded = await HistoryCache.open({ file: cacheFile, logger: silentLogger })
    const loadMs = performance.now() - started
    log(`history cache: ${(fs.statSync(cacheFile).size / 1024).toFixed(0)} KB, ${loaded.size.commits} commits and ${loaded.size.diffs} diffs, loaded in ${loadMs.toFixed(1)} ms`)
    started = performance.now()
    const reopened = await ContentRepository.open({ dir: blogDir, logger: silentLogger, history: { cacheDir } })
    const openMs = performance.now() - started
    try {
      started = performance.now()
      const restarted = await reopened.fileHistory({ path: path.join(dir, target), identify })
      const restartMs = performance.now() - started
      if (restarted.length !== cold.length + 1) throw new Error(`expected ${cold.length + 1} versions after the restart, got ${restarted.length}`)
      log(`after a restart with the cache: open ${openMs.toFixed(0)} ms, first history ${restartMs.toFixed(1)} ms (${restarted.length} versions)`)
      rows.push([...row, restartMs.toFixed(1)])
    } finally {
      await reopened.close()
    }
  } finally {
    if (values.keep) log(`kept ${dir}`)
    else await rm(dir, { recursive: true, force: true })
  }
}

console.log('\nHistory of one post (ms):')
console.log(table(['posts', 'commits', 'isomorphic-git log', 'follows rename', 'fileHistory cold', 'warm (other post)', 'after 1 commit', 'follows rename', 'first after restart (cache)'], rows))

/**
 * `count` commits through one git fast-import (a packfile, as a clone has), each editing one
 * post's summary; half-way, one post is renamed the way an admin's rename writes it.
 */
function addHistory(dir: string, slugs: string[], count: number): { from: string; to: string } {
  const head = runGit(['rev-parse', 'HEAD'], { cwd: dir }).trim()
  const chunks: string[] = []
  const when = Math.floor(Date.now() / 1000) - count * 60
  const from = slugs[0]!
  const to = `${from}-renamed`
  const current = new Map(slugs.map((slug) => [slug, slug]))
  for (let i = 0; i < count; i++) {
    const original = slugs[(i * 31) % slugs.length]!
    const slug = current.get(original)!
    const file = path.join(dir, 'content/blog', `${slug}.html`)
    const post = parsePostFile(fs.readFileSync(file, 'utf8'), `${slug}.html`)
    let message = `blog: update "${post.title}" (${slug})`
    let text = serializePost({ ...post, summary: `${post.summary.replace(/ \(rev \d+\)$/, '')} (rev ${i})` })
    let lines = `M 100644 inline content/blog/${slug}.html\ndata ${Buffer.byteLength(text)}\n${text}\n`
    if (i === Math.floor(count / 2)) {
      message = `blog: rename "${post.title}" (${from} → ${to})`
      const moved = current.get(from)!
      const movedPost = parsePostFile(fs.readFileSync(path.join(dir, 'content/blog', `${moved}.html`), 'utf8'), `${moved}.html`)
      text = serializePost({ ...movedPost, slug: to })
      fs.rmSync(path.join(dir, 'content/blog', `${moved}.html`))
      current.set(from, to)
      lines = `D content/blog/${moved}.html\nM 100644 inline content/blog/${to}.html\ndata ${Buffer.byteLength(text)}\n${text}\n`
      fs.writeFileSync(path.join(dir, 'content/blog', `${to}.html`), text)
    } else {
      fs.writeFileSync(file, text)
    }
    chunks.push(
      `commit refs/heads/main\ncommitter Bench <bench@example.com> ${when + i * 60} +0000\n` +
        `data ${Buffer.byteLength(message)}\n${message}\n${i === 0 ? `from ${head}\n` : ''}${lines}`,
    )
  }
  runGit(['fast-import', '--quiet'], { cwd: dir, input: chunks.join('') })
  runGit(['reset', '-q', '--hard', 'main'], { cwd: dir })
  return { from, to }
}
