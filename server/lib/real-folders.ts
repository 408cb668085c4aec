import { lstat, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { UnsafePathError } from './errors.ts'
import { nodeErrorCode } from './node-error-code.ts'

/**
 * Whether every folder from `root` (trusted as it is) down to `dir` is a real folder: a symbolic
 * link among them is an UnsafePathError, and so is a `dir` outside `root`. Missing folders are
 * made (`create`; a file in the way is an ENOTDIR error then) or answer false. Checked one name at a time with lstat, so no link
 * is ever followed; a link swapped in between this check and the write is a race only someone
 * with a shell in the work tree could run, and they need no race to write there.
 */
export async function realFolders(root: string, dir: string, options: { create: boolean }): Promise<boolean> {
  const relative = path.relative(root, dir)
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw new UnsafePathError(dir, `${dir} is outside ${root}`)
  }
  let current = root
  for (const name of relative === '' ? [] : relative.split(path.sep)) {
    current = path.join(current, name)
    let stats = await lstat(current).catch((error: unknown) => {
      if (nodeErrorCode(error) === 'ENOENT') return null
      throw error
    })
    if (stats === null) {
      if (!options.create) return false
      await mkdir(current).catch((error: unknown) => {
        if (nodeErrorCode(error) !== 'EEXIST') throw error
      })
      stats = await lstat(current)
    }
    if (stats.isSymbolicLink()) throw new UnsafePathError(current, `${current} is a symbolic link: nothing is written or read through one`)
    if (stats.isDirectory()) continue
    // A file where a folder would be: nothing to read or delete below it; a write fails as
    // mkdir or open would have, with their code.
    if (!options.create) return false
    throw Object.assign(new Error(`ENOTDIR: not a directory, ${current}`), { code: 'ENOTDIR', path: current })
  }
  return true
}
