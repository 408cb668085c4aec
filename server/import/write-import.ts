import type { ContentRepository, FileChange, GitAuthor } from '../git/content-repository.ts'
import { blobId } from '../git/blob-id.ts'
import type { ImportPlan } from './import-plan.ts'

/**
 * An import written: every post file, every new library image and the redirects file in one
 * commit, through the repository's one write path (a transaction: journaled, atomic files,
 * recovered after a crash as a save is). Returns the commit, or null when there was nothing to
 * write (an import run again).
 */
export async function writeImport(options: {
  repository: Pick<ContentRepository, 'transaction'>
  plan: ImportPlan
  redirectsFile: string
  message: string
  author: GitAuthor
}): Promise<string | null> {
  const { plan } = options
  const changes: FileChange[] = [
    ...plan.posts.map((planned) => {
      const bytes = Buffer.from(planned.text, 'utf8')
      return { path: planned.file, content: bytes, blobId: blobId(bytes) }
    }),
    ...plan.mediaFiles.map((file) => ({ path: file.path, content: file.bytes })),
    ...(plan.redirectsText === null ? [] : [{ path: options.redirectsFile, content: Buffer.from(plan.redirectsText, 'utf8') }]),
  ]
  if (changes.length === 0) return null
  const saved = await options.repository.transaction((tx) => tx.commitFiles({ changes, message: options.message, author: options.author }))
  return saved?.commit ?? null
}

/** `import: 57 posts from WordPress (themeunittestdata.wordpress.xml)`, then what else the commit holds. */
export function importMessage(plan: ImportPlan, sourceName: string, file: string): string {
  const count = plan.posts.length
  const lines = [`import: ${count} post${count === 1 ? '' : 's'} from ${sourceName} (${file})`]
  const details = [
    plan.mediaFiles.length > 0 ? `${plan.mediaFiles.length} image${plan.mediaFiles.length === 1 ? '' : 's'} added to the media library` : '',
    plan.redirects.added.length > 0 ? `${plan.redirects.added.length} old address${plan.redirects.added.length === 1 ? '' : 'es'} redirected (content/redirects.yaml)` : '',
    plan.skipped.length > 0 ? `${plan.skipped.length} item${plan.skipped.length === 1 ? '' : 's'} of the source skipped` : '',
  ].filter(Boolean)
  return details.length > 0 ? `${lines[0]}\n\n${details.map((line) => `- ${line}`).join('\n')}\n` : lines[0]!
}
