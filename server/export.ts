/**
 * `npm run export -- --out DIR`: the public site as static files in DIR, for nginx alone or a static
 * host (server/export/write-export.ts). Reads the same settings as `npm start` (CONTENT_DIR,
 * SITE_URL, the redirect URLs, DATA_DIR for the media variants it keeps), and builds first when
 * dist/ is missing or older than the sources, as `npm start` does.
 */
import { parseArgs } from 'node:util'
import { buildIfStale } from './build-info.ts'
import { loadConfig } from './config.ts'
import { exportSite } from './export/write-export.ts'
import { AppError } from './lib/errors.ts'
import { consoleLogger } from './lib/logger.ts'

const USAGE = 'Usage: npm run export -- --out DIR   (DIR: a new or empty folder, or an earlier export; outside the content repository)'

let out: string | undefined
try {
  out = parseArgs({ options: { out: { type: 'string' } }, strict: true }).values.out
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`)
  process.exit(2)
}
if (!out) {
  console.error(USAGE)
  process.exit(2)
}

try {
  const config = { ...loadConfig(), mode: 'production' as const }
  const build = await buildIfStale({ root: process.cwd(), distDir: config.distDir, say: (message) => console.log(message) })
  if (!build) process.exit(1)
  const result = await exportSite({ config, build, logger: consoleLogger, out })
  const rows = Object.entries(result.written).map(([kind, { files, bytes }]) => `  ${kind.padEnd(9)} ${String(files).padStart(6)} files ${formatBytes(bytes).padStart(10)}`)
  const files = Object.values(result.written).reduce((sum, kind) => sum + kind.files, 0)
  const bytes = Object.values(result.written).reduce((sum, kind) => sum + kind.bytes, 0)
  console.log([`Exported ${files} files (${formatBytes(bytes)}) to ${result.out} in ${result.milliseconds} ms`, ...rows].join('\n'))
} catch (error) {
  // A refused folder, a broken setting: say so plainly, not with a stack trace.
  if (!(error instanceof AppError)) throw error
  console.error(error.message)
  process.exit(1)
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}
