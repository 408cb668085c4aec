import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { RenderSettings } from './pages/render-page.ts'
import { readJsonFile } from './lib/json-file.ts'

/** What the build is made from: when any of it changes, `npm start` builds again. */
const BUILD_INPUTS = ['pages', 'core', 'renderer', 'public', 'server/content', 'vite.config.ts', 'package-lock.json']

export interface BuildInfo {
  sourceHash: string
  builtAt: string
  /** The settings the prerendered pages embed (absent in a dist/ built before they were recorded). */
  settings?: RenderSettings
}

export function buildInfoPath(distDir: string): string {
  return path.join(distDir, 'build-info.json')
}

/**
 * A hash of every build input's path and bytes. Read synchronously, as a start waits for it
 * anyway: an awaited read per file (some 200) waited for the thread pool and the main thread
 * each time, which on a busy machine made the check several times its CPU in wall time.
 */
export async function hashBuildInputs(root: string): Promise<string> {
  const hash = createHash('sha256')
  for (const input of BUILD_INPUTS) {
    for (const file of await listFiles(path.join(root, input))) {
      hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('base64url').slice(0, 24)
}

export async function readBuildInfo(distDir: string): Promise<BuildInfo | null> {
  return (await readJsonFile(buildInfoPath(distDir))) as BuildInfo | null
}

async function listFiles(target: string): Promise<string[]> {
  let entries
  try {
    entries = await readdir(target, { withFileTypes: true, recursive: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [target]
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

/** The build found current, with its checkout: asked twice in one process, the sources are hashed once. */
let current: { root: string; build: BuildInfo } | null = null

/**
 * What dist/ was built from, when that is the sources as they are now; else null (missing,
 * or older than the sources). scripts/run-compiled.mjs asks before it loads `npm start`'s or
 * the export's compiled entry, which then asks again (buildIfStale) and gets the same answer.
 */
export async function currentBuild(root: string, distDir: string): Promise<BuildInfo | null> {
  if (current?.root === root) return current.build
  const [build, sourceHash] = await Promise.all([readBuildInfo(distDir), hashBuildInputs(root)])
  if (build?.sourceHash !== sourceHash) return null
  current = { root, build }
  return build
}

/**
 * `npm start` and `npm run export`: runs `npm run build` first when dist/ is missing or older than
 * the sources, then answers what dist/ was built from (null when the build failed). Compiled,
 * the launcher (scripts/run-compiled.mjs) has already built when needed, and this only reads.
 */
export async function buildIfStale(options: { root: string; distDir: string; say: (message: string) => void }): Promise<BuildInfo | null> {
  const build = await currentBuild(options.root, options.distDir)
  if (build) return build
  options.say('dist/ is missing or older than the sources: building first (npm run build)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: options.root, stdio: 'inherit', env: process.env })
  return result.status === 0 ? readBuildInfo(options.distDir) : null
}
