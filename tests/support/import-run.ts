/** `npm run import` as the importer's whole-export tests run it: into a temp repository's content, committed, on a fixed day. */
import { ContentRepository } from '../../server/git/content-repository.ts'
import { importTarget } from '../../server/import/import-target.ts'
import { type ImportRun, runImport } from '../../server/import/run-import.ts'
import { silentLogger } from '../../server/lib/logger.ts'

export function importInto(contentDir: string, source: string, options: { uploadsDir?: string } = {}): Promise<ImportRun> {
  const target = importTarget({
    contentDir,
    uploadsDir: options.uploadsDir ?? null,
    timeZone: 'UTC',
    limits: { maxBytes: 10 * 1024 * 1024, maxPixels: 50_000_000, maxVideoBytes: 40 * 1024 * 1024, maxAudioBytes: 20 * 1024 * 1024 },
    pagePaths: new Set(),
    now: new Date('2026-11-26T12:00:00Z'),
  })
  return runImport({
    source,
    target,
    dryRun: false,
    author: { name: 'Importer', email: 'import@localhost' },
    openRepository: () => ContentRepository.open({ dir: contentDir, logger: silentLogger }),
  })
}
