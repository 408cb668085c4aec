import { spawn } from 'node:child_process'
import { access, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { readJsonFile } from '../lib/json-file.ts'

/**
 * The first half of `npm run build`: vike's client and server bundles. They are made from the
 * code (pages/, renderer/, public/, server/content/, vite.config.ts) and the lock file, never
 * from the content, so when none of those changed since the last bundling the bundles in dist/
 * are already the ones vike would make, and bundling again (most of a small site's build) is
 * skipped. The key is build-info.ts's hash of those inputs, recorded in dist/bundles.json once
 * vike has finished: a bundling that failed or was killed leaves no record, and runs again.
 */
export interface BundleRecord {
  sourceHash: string
  bundledAt: string
}

export function bundleRecordPath(distDir: string): string {
  return path.join(distDir, 'bundles.json')
}

export type BundleOutcome = { bundled: true; ms: number } | { bundled: false; since: string }

export async function bundleUnlessUnchanged(options: {
  root: string
  distDir: string
  sourceHash: string
  /** Bundle even when nothing changed (`npm run build -- --force`). */
  force: boolean
  log: (line: string) => void
}): Promise<BundleOutcome> {
  const { root, distDir, sourceHash, log } = options
  const record = await readRecord(distDir)
  if (!options.force && record?.sourceHash === sourceHash && (await exists(path.join(distDir, 'server', 'entry.mjs')))) {
    log(`Bundles: unchanged since ${record.bundledAt} (sources and lock file hash ${sourceHash}): skipping vike build (--force bundles anyway)`)
    return { bundled: false, since: record.bundledAt }
  }
  log(record ? 'Bundles: the sources or the lock file changed: vike build…' : 'Bundles: none yet: vike build…')
  const started = performance.now()
  await rm(bundleRecordPath(distDir), { force: true })
  await runVikeBuild(root)
  const ms = Math.round(performance.now() - started)
  const made: BundleRecord = { sourceHash, bundledAt: new Date().toISOString() }
  await writeFile(bundleRecordPath(distDir), JSON.stringify(made))
  log(`Bundles: built in ${(ms / 1000).toFixed(1)} s`)
  return { bundled: true, ms }
}

async function readRecord(distDir: string): Promise<BundleRecord | null> {
  const record = (await readJsonFile(bundleRecordPath(distDir))) as Partial<BundleRecord> | null
  return typeof record?.sourceHash === 'string' && typeof record.bundledAt === 'string' ? (record as BundleRecord) : null
}

function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

/**
 * Rolldown (Vite's bundler, native code) allocates with mimalloc, which by default commits each
 * arena it reserves up front and hands freed pages back to the system late: about 170 MiB of
 * the 425 MiB that `vike build` held at its peak, and the peak of the whole build at 10,000
 * posts. Committing on use and purging at once leave it near 250 MiB in the same time (measured
 * with /usr/bin/time over this site's bundles). A value set by the caller is kept.
 */
const BUNDLER_ALLOCATOR = { MIMALLOC_ARENA_EAGER_COMMIT: '0', MIMALLOC_PURGE_DELAY: '0' }

/** vike's CLI in a child process (Vite's build holds its memory there, not in the prerender's process). */
function runVikeBuild(root: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const vike = path.join(root, 'node_modules', 'vike', 'bin.js')
    const env = { ...BUNDLER_ALLOCATOR, ...process.env, NODE_ENV: 'production' }
    const child = spawn(process.execPath, [vike, 'build'], { cwd: root, stdio: 'inherit', env })
    child.on('error', reject)
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vike build failed (${signal ?? `exit code ${code}`})`))))
  })
}
