/**
 * The folder an export goes into, and how it gets there whole: everything is written into a hidden
 * staging folder beside it, then swapped into place (`replaceFolder`, lib/atomic-write.ts: the
 * export it replaces is renamed away first and removed after). A crash at any moment leaves the
 * previous export or the new one at DIR, never half of one (at worst, for the instant between the
 * two renames, none; the next export puts one there). Staging and replaced folders a dead export
 * left behind are removed by the next one.
 *
 * Only a folder that is new, empty or an earlier export (it holds EXPORT_MARKER) is written: an
 * export replaces the whole folder, so anything else there would be lost. Never inside the content
 * repository (it would be committed, or watched as content).
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, realpath, stat } from 'node:fs/promises'
import path from 'node:path'
import { removeStaleTempFiles, tempNameFor } from '../lib/atomic-write.ts'
import { InvalidInputError } from '../lib/errors.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { EXPORT_MARKER } from './export-layout.ts'

/**
 * `out` resolved (symbolic links in its existing part too), or InvalidInputError saying why it
 * may not be written: inside the content repository, not a folder, or a folder with other files.
 */
export async function checkExportFolder(options: { out: string; contentDir: string }): Promise<string> {
  const out = await resolveReal(path.resolve(options.out))
  const repository = repositoryRootOf(await resolveReal(path.resolve(options.contentDir)))
  if (isInside(out, repository)) {
    throw new InvalidInputError(`Refusing to export into ${out}: it is inside the content repository (${repository}). Choose a folder outside it.`, 'out')
  }
  if (path.dirname(out) === out) throw new InvalidInputError('Refusing to export into the file system\'s root folder.', 'out')
  let names: string[]
  try {
    if (!(await stat(out)).isDirectory()) throw new InvalidInputError(`Refusing to export into ${out}: it is a file, not a folder.`, 'out')
    names = await readdir(out)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return out
    throw error
  }
  if (names.length > 0 && !names.includes(EXPORT_MARKER)) {
    throw new InvalidInputError(
      `Refusing to export into ${out}: it holds files that are not an earlier export (no ${EXPORT_MARKER}), and an export replaces the whole folder. Choose a new or empty folder.`,
      'out',
    )
  }
  return out
}

/** A new, empty staging folder beside `out` (same file system, so the final rename is atomic). */
export async function createStaging(out: string): Promise<string> {
  await mkdir(path.dirname(out), { recursive: true })
  // Staging or replaced folders of `out` whose export died (or this one's, from a failed attempt).
  await removeStaleTempFiles(path.dirname(out), { of: path.basename(out) })
  const staging = path.join(path.dirname(out), tempNameFor(path.basename(out)))
  // Readable by the web server's user (mkdtemp's 0700 would not be).
  await mkdir(staging, { mode: 0o755 })
  return staging
}

/** The nearest folder up from `dir` that holds `.git` (the content repository), or `dir` itself. */
function repositoryRootOf(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, '.git'))) return current
    if (path.dirname(current) === current) return dir
  }
}

function isInside(target: string, folder: string): boolean {
  const relative = path.relative(folder, target)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** `target` with the symbolic links of its longest existing part resolved. */
async function resolveReal(target: string): Promise<string> {
  try {
    return await realpath(target)
  } catch (error) {
    if (nodeErrorCode(error) !== 'ENOENT') throw error
    const parent = path.dirname(target)
    return parent === target ? target : path.join(await resolveReal(parent), path.basename(target))
  }
}
