import { spawn } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, rmdir, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pageFilePath } from '../../server/pages/page-files.ts'
import { FIXTURE_CONTENT_DIR } from './fixtures.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

/** What `npm run build` reads besides dist/ (its source hash covers them): linked, never copied. */
const LINKED = ['core', 'pages', 'renderer', 'public', 'server', 'vite.config.ts', 'package.json', 'package-lock.json', 'node_modules']

export interface FixtureBuild {
  /** A dist/ of its own: this checkout's bundles and assets, its pages prerendered from the fixtures. */
  distDir: string
  cleanup(): Promise<void>
}

/**
 * A build of the tests' own content, for tests about a site over "the build's content": dist/
 * is prerendered from the site's content/, which editors change. A temp copy of dist/ loses the
 * pages it was prerendered with and gets them again from tests/fixtures/content through the
 * build's own second half (server/prerender.ts), in a child process because vike loads one
 * dist/server per process. Needs dist/ built (ensure-build.ts does it for the API tests).
 */
export async function createFixtureBuild(): Promise<FixtureBuild> {
  const root = await mkdtemp(path.join(tmpdir(), 'watchio-build-'))
  try {
    for (const entry of LINKED) await symlink(path.join(repoRoot, entry), path.join(root, entry))
    const distDir = path.join(root, 'dist')
    await cp(path.join(repoRoot, 'dist'), distDir, { recursive: true })
    // Without the content/ pages, none of them can pass for a fixture page.
    const built = JSON.parse(await readFile(path.join(distDir, 'client-pages.json'), 'utf8')) as { stamps: Record<string, string> }
    for (const url of Object.keys(built.stamps)) {
      const file = pageFilePath(path.join(distDir, 'client'), url)
      if (!file) continue
      await rm(file, { force: true })
      // A post's folder goes with its page (the client folder itself holds the assets: kept).
      if (url.startsWith('/blog/')) await rmdir(path.dirname(file)).catch(() => {})
    }
    await rm(path.join(distDir, 'client-pages.json'))
    await run(process.execPath, ['--import', 'tsx', 'server/prerender.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', CONTENT_DIR: FIXTURE_CONTENT_DIR },
    })
    return { distDir, cleanup: () => rm(root, { recursive: true, force: true }) }
  } catch (error) {
    await rm(root, { recursive: true, force: true })
    throw error
  }
}

function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    const output: string[] = []
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}:\n${output.join('')}`))))
  })
}
