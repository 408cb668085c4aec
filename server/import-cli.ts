/**
 * `npm run import -- <file-or-folder> [--dry-run] [--uploads <dir>] [--dir <project>] [--author "Name <email>"]`:
 * posts from another blog (a WordPress or Ghost export, or a folder of Markdown posts; see
 * server/import/import-sources.ts) into
 * the content repository the site uses, as one commit. The settings are the server's (CONTENT_DIR,
 * SITE_TIMEZONE, MEDIA_MAX_BYTES, MEDIA_MAX_PIXELS, read from the environment as `npm start`
 * reads them, relative to `--dir`). Exit codes: 0 done, 1 the source or the repository refused
 * (nothing written), 2 a usage error.
 */
import path from 'node:path'
import { ContentRepository } from './git/content-repository.ts'
import { importTarget, sitePagePaths, UnreadableRedirectsError } from './import/import-target.ts'
import { ImportCheckError } from './import/import-plan.ts'
import { InvalidImportSource } from './import/imported-post.ts'
import { runImport } from './import/run-import.ts'
import { loadConfig } from './config.ts'
import { AppError } from './lib/errors.ts'
import { consoleLogger } from './lib/logger.ts'

const USAGE = `Usage: npm run import -- <source> [--dry-run] [--uploads <dir>] [--dir <project>] [--author "Name <email>"]

  <source>          a WordPress export (.xml: Tools → Export in WordPress's admin),
                    a Ghost export (.json: Settings → Labs → Export your content), or
                    a folder of Markdown posts with front matter (Jekyll, Hugo, Astro…)
  --dry-run         print what would be imported, changed and redirected; write nothing
  --uploads <dir>   a copy of the old site's uploads (wp-content/uploads): its images go into
                    the media library and the posts point at them; without it, images keep
                    their old URLs (a Markdown folder's own images are found in it)
  --dir <project>   the project folder whose CONTENT_DIR receives the posts (default: here)
  --author "…"      the commit's author (default: Importer <import@localhost>)

The server must be stopped first: it holds the repository's writer lock.`

class UsageError extends Error {}

interface Arguments {
  source: string
  dryRun: boolean
  uploads: string | null
  dir: string
  author: { name: string; email: string }
}

function readArguments(args: string[]): Arguments {
  const parsed: Arguments = { source: '', dryRun: false, uploads: null, dir: process.cwd(), author: { name: 'Importer', email: 'import@localhost' } }
  const value = (index: number, flag: string) => {
    const next = args[index + 1]
    if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`)
    return next
  }
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--dry-run') parsed.dryRun = true
    else if (arg === '--uploads') parsed.uploads = path.resolve(value(i++, arg))
    else if (arg === '--dir') parsed.dir = path.resolve(value(i++, arg))
    else if (arg === '--author') {
      const match = /^\s*([^<>]+?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value(i++, arg))
      if (!match) throw new UsageError('--author must be written "Name <email>"')
      parsed.author = { name: match[1]!, email: match[2]! }
    } else if (arg === '--help' || arg === '-h') throw new UsageError('')
    else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}`)
    else if (parsed.source === '') parsed.source = path.resolve(arg)
    else throw new UsageError(`One source at a time (${arg} is a second one)`)
  }
  if (parsed.source === '') throw new UsageError('Name the source to import')
  return parsed
}

async function main(): Promise<number> {
  let args: Arguments
  try {
    args = readArguments(process.argv.slice(2))
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    if (error.message) console.error(error.message)
    console.error(USAGE)
    return 2
  }
  try {
    const config = loadConfig(process.env, args.dir)
    const target = importTarget({
      contentDir: config.contentDir,
      uploadsDir: args.uploads,
      timeZone: config.timeZone,
      limits: config.media,
      pagePaths: sitePagePaths(path.resolve('pages')),
    })
    let shown = 0
    const run = await runImport({
      source: args.source,
      target,
      dryRun: args.dryRun,
      openRepository: () => ContentRepository.open({ dir: config.contentDir, logger: consoleLogger }),
      author: args.author,
      progress: (done, total) => {
        // A line every 100 posts on long imports, on stderr: the report is stdout's.
        if (total >= 100 && (done % 100 === 0 || done === total) && done !== shown) {
          shown = done
          process.stderr.write(`planned ${done} of ${total} posts (${Math.round((done / total) * 100)}%)\n`)
        }
      },
    })
    process.stdout.write(run.report)
    return 0
  } catch (error) {
    if (error instanceof InvalidImportSource || error instanceof ImportCheckError || error instanceof UnreadableRedirectsError || error instanceof AppError) {
      console.error(`Nothing imported: ${error.message}`)
      return 1
    }
    throw error
  }
}

process.exitCode = await main()
