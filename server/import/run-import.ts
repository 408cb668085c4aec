import path from 'node:path'
import type { ContentRepository, GitAuthor } from '../git/content-repository.ts'
import { importReport } from './import-report.ts'
import { type ImportPlan, planImport } from './import-plan.ts'
import { sourceFor } from './import-sources.ts'
import type { ImportTarget } from './import-target.ts'
import { importMessage, writeImport } from './write-import.ts'

export interface ImportRun {
  plan: ImportPlan
  report: string
  /** The commit made, or null (a dry run, or nothing new to write). */
  commit: string | null
}

/**
 * An import from start to end: the source read (any reader of import-sources.ts), the repository
 * opened, which takes its writer lock (a running server holds it: the import is refused rather
 * than writing beside it), the plan made whole under that lock, then written as one commit.
 * A dry run plans the same way from the files as they are, and neither locks nor writes.
 * The source's problems (InvalidImportSource) and a plan that fails its checks stop it before
 * anything is written.
 */
export async function runImport(options: {
  source: string
  target: ImportTarget
  dryRun: boolean
  /** Opens the content repository (ContentRepository.open, which takes the writer lock). */
  openRepository: () => Promise<Pick<ContentRepository, 'transaction' | 'close'>>
  author: GitAuthor
  /** Told of each post planned, to show progress on long imports. */
  progress?: (done: number, total: number) => void
}): Promise<ImportRun> {
  const source = await sourceFor(options.source)
  const target = source.holdsItsImages && options.target.uploadsDir === null ? { ...options.target, uploadsDir: path.resolve(options.source) } : options.target
  const read = await source.read(options.source)
  const title = `${options.dryRun ? 'Dry run (nothing written): import' : 'Import'} from ${source.name} (${path.basename(options.source)}) into ${target.contentDir}`
  if (options.dryRun) {
    const plan = await planImport(read, target, options.progress)
    return { plan, report: importReport(plan, { title, today: target.today() }), commit: null }
  }
  const repository = await options.openRepository()
  try {
    const plan = await planImport(read, target, options.progress)
    const commit = await writeImport({
      repository,
      plan,
      redirectsFile: target.redirectsFile,
      message: importMessage(plan, source.name, path.basename(options.source)),
      author: options.author,
    })
    const report = importReport(plan, { title, today: target.today() })
    return { plan, report: `${report}${commit ? `Committed ${commit}.` : 'Nothing new to write: no commit made.'}\n`, commit }
  } finally {
    await repository.close()
  }
}
