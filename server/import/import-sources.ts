import { readFile, stat } from 'node:fs/promises'
import { MAX_GHOST_EXPORT_BYTES, readGhostExport } from './ghost/export.ts'
import { type ImportSourceResult, InvalidImportSource } from './imported-post.ts'
import { readMarkdownFolder } from './markdown-folder.ts'
import { MAX_WXR_BYTES, readWordPressExport } from './wordpress-export.ts'

/**
 * The kinds of source the importer reads, each a name and a reader: the first whose `takes`
 * accepts the path reads it. A new kind is one entry here.
 */
export interface ImportSource {
  /** For the report and the commit message: `WordPress`. */
  name: string
  /** Whether this reader is for the path: a file (by its name) or a folder. */
  takes(source: { path: string; isFolder: boolean }): boolean
  read(path: string): Promise<ImportSourceResult>
  /**
   * The source holds its images itself (a folder of Markdown posts and their pictures): it is
   * the uploads folder its `file:` upload base points into, unless `--uploads` names another.
   */
  holdsItsImages?: true
}

export const IMPORT_SOURCES: readonly ImportSource[] = [
  { name: 'WordPress', takes: ({ path, isFolder }) => !isFolder && /\.xml$/i.test(path), read: async (file) => readWordPressExport(await readSourceFile(file, MAX_WXR_BYTES)) },
  { name: 'Ghost', takes: ({ path, isFolder }) => !isFolder && /\.json$/i.test(path), read: async (file) => readGhostExport(await readSourceFile(file, MAX_GHOST_EXPORT_BYTES)) },
  { name: 'Markdown', takes: ({ isFolder }) => isFolder, read: (folder) => readMarkdownFolder(folder), holdsItsImages: true },
]

/** The reader for a path, or why there is none. */
export async function sourceFor(path: string): Promise<ImportSource> {
  const stats = await stat(path).catch(() => null)
  if (!stats) throw new InvalidImportSource(`${path}: no such file or folder`)
  const found = IMPORT_SOURCES.find((source) => source.takes({ path, isFolder: stats.isDirectory() }))
  if (!found) throw new InvalidImportSource(`${path}: not a source the importer reads (${IMPORT_SOURCES.map((source) => source.name).join(', ')})`)
  return found
}

/** A source file's bytes, refused before it is read when it is larger than any real export. */
export async function readSourceFile(file: string, maxBytes: number): Promise<Buffer> {
  const stats = await stat(file)
  if (!stats.isFile()) throw new InvalidImportSource(`${file} is not a file`)
  if (stats.size > maxBytes) throw new InvalidImportSource(`${file} is ${stats.size} bytes, more than the ${maxBytes} an export of this kind may have`)
  return readFile(file)
}
