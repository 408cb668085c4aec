/**
 * `npm run bench:import`: the importer at 1,000 posts. A WordPress export of 1,000 posts is made
 * from the theme unit test data's posts (each one repeated with its own id, slug and permalink),
 * and imported into an empty project (a real git repository) by runImport, as `npm run import`
 * does: read, plan (sanitize, slugs, summaries, redirects) and one commit. Its peer, in the same
 * run, on the same machine: the very files the import wrote, written plainly into another empty
 * repository, then `git add -A && git commit` (the least any import into git must do). The median
 * of `--runs` (3) of each, in turns, and the ratio.
 *
 * `-- --posts 200 --runs 1` for a quick run.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ContentRepository } from '../../server/git/content-repository.ts'
import { importTarget } from '../../server/import/import-target.ts'
import { runImport } from '../../server/import/run-import.ts'
import { silentLogger } from '../../server/lib/logger.ts'

const { values } = parseArgs({ options: { posts: { type: 'string', default: '1000' }, runs: { type: 'string', default: '3' } } })
const POSTS = Number(values.posts)
const RUNS = Number(values.runs)
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/import/themeunittestdata.wordpress.xml')
const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@localhost', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@localhost' }

/** The fixture's post items repeated to `count`, each with its own id, slug and permalink; the rest of the file as it is. */
function generateExport(count: number): string {
  const text = readFileSync(FIXTURE, 'utf8')
  const items = [...text.matchAll(/<item>[\s\S]*?<\/item>/g)].map((match) => match[0])
  const posts = items.filter((item) => /<wp:post_type>(?:<!\[CDATA\[)?post(?:\]\]>)?<\/wp:post_type>/.test(item) && !/<content:encoded>(?:<!\[CDATA\[)?\s*(?:\]\]>)?<\/content:encoded>|<content:encoded\/>/.test(item))
  const others = items.filter((item) => !posts.includes(item))
  const made: string[] = []
  for (let n = 0; made.length < count; n++) {
    const item = posts[n % posts.length]!
    const copy = Math.floor(n / posts.length) + 1
    made.push(
      item
        .replace(/<wp:post_id>\d+<\/wp:post_id>/, `<wp:post_id>${100000 + n}</wp:post_id>`)
        .replace(/<wp:post_name>(?:<!\[CDATA\[)?([^<\]]*)(?:\]\]>)?<\/wp:post_name>|<wp:post_name\/>/, (_match, slug: string | undefined) => `<wp:post_name>${slug || 'draft'}-copy-${copy}</wp:post_name>`)
        .replace(/<link>([^<?]*?)\/?<\/link>/, (_match, link: string) => `<link>${link}-copy-${copy}/</link>`),
    )
  }
  const head = text.slice(0, text.indexOf('<item>'))
  return `${head}${[...made, ...others].join('\n')}\n</channel>\n</rss>\n`
}

function emptyProject(): { dir: string; contentDir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'watchio-import-bench-'))
  const contentDir = path.join(dir, 'content')
  execFileSync('mkdir', ['-p', path.join(contentDir, 'blog')])
  writeFileSync(path.join(contentDir, 'blog', '.gitkeep'), '')
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: GIT_ENV })
  execFileSync('git', ['add', '-A'], { cwd: dir, env: GIT_ENV })
  execFileSync('git', ['commit', '-q', '-m', 'init'], { cwd: dir, env: GIT_ENV })
  return { dir, contentDir }
}

async function timeImport(source: string): Promise<{ ms: number; dir: string; posts: number }> {
  const project = emptyProject()
  const target = importTarget({ contentDir: project.contentDir, uploadsDir: null, timeZone: 'UTC', limits: { maxBytes: 10_485_760, maxPixels: 50_000_000, maxVideoBytes: 40 * 1024 * 1024, maxAudioBytes: 20 * 1024 * 1024 }, pagePaths: new Set() })
  const started = performance.now()
  const run = await runImport({
    source,
    target,
    dryRun: false,
    author: { name: 'Bench', email: 'bench@localhost' },
    openRepository: () => ContentRepository.open({ dir: project.contentDir, logger: silentLogger, background: 'later' }),
  })
  const ms = performance.now() - started
  if (run.commit === null) throw new Error('the import made no commit')
  const skipped = run.plan.skipped.filter((item) => !item.reason.includes('only posts are imported'))
  if (skipped.length > 0) console.log(`  posts skipped: ${[...new Set(skipped.map((item) => item.reason))].join('; ')} (${skipped.length})`)
  return { ms, dir: project.dir, posts: run.plan.posts.length }
}

/** The peer: the import's own output written plainly into an empty repository, then git add + commit. */
function timePeer(imported: string): number {
  const project = emptyProject()
  const started = performance.now()
  cpSync(path.join(imported, 'content'), project.contentDir, { recursive: true })
  execFileSync('git', ['add', '-A'], { cwd: project.dir, env: GIT_ENV })
  execFileSync('git', ['commit', '-q', '-m', 'import'], { cwd: project.dir, env: GIT_ENV })
  const ms = performance.now() - started
  rmSync(project.dir, { recursive: true, force: true })
  return ms
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

const work = mkdtempSync(path.join(os.tmpdir(), 'watchio-import-export-'))
const source = path.join(work, `wordpress-${POSTS}.xml`)
writeFileSync(source, generateExport(POSTS))
console.log(`A WordPress export of ${POSTS} posts (${(readFileSync(source).length / 1024 / 1024).toFixed(1)} MB), ${RUNS} run(s) of each, in turns`)
const imports: number[] = []
const peers: number[] = []
let posts = 0
for (let run = 0; run < RUNS; run++) {
  const result = await timeImport(source)
  posts = result.posts
  imports.push(result.ms)
  peers.push(timePeer(result.dir))
  rmSync(result.dir, { recursive: true, force: true })
  console.log(`  run ${run + 1}: import ${result.ms.toFixed(0)} ms, peer ${peers.at(-1)!.toFixed(0)} ms`)
}
rmSync(work, { recursive: true, force: true })
const [importMs, peerMs] = [median(imports), median(peers)]
console.log(`Import of ${posts} posts (read, plan, one commit): ${importMs.toFixed(0)} ms (${(importMs / posts).toFixed(2)} ms a post)`)
console.log(`Peer, the same files written plainly + git add -A + git commit: ${peerMs.toFixed(0)} ms`)
console.log(`Ratio: ${(importMs / peerMs).toFixed(2)}× the peer`)
