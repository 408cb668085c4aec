import * as fsp from 'node:fs/promises'
import path from 'node:path'
import { type FileData, writeFileAtomic } from '../../lib/atomic-write.ts'

/**
 * The `fs` handed to isomorphic-git: node's promise API, except that writeFile goes through a
 * temp file and a rename. The git writes stay isomorphic-git's (no measurement: nothing of git
 * is hand-written here).
 *
 * Why: isomorphic-git writes loose objects, refs and the index with a plain writeFile, and never
 * rewrites an object file that exists. A process killed mid-write would leave a truncated object
 * for good (`git fsck` fails, the commit holding it is unreadable) or a truncated ref or index.
 *
 * Temp files for anything under the git directory go to one folder, `<gitdir>/watchio-tmp/`, so
 * cleaning up after a crash reads that one folder instead of every `objects/xx/`. It is inside the
 * git directory, hence on the same filesystem, so the rename stays atomic.
 */
export interface AtomicFs {
  promises: {
    readFile: typeof fsp.readFile
    writeFile: (file: string, data: FileData, options?: WriteFileOptions) => Promise<void>
    unlink: typeof fsp.unlink
    readdir: typeof fsp.readdir
    mkdir: typeof fsp.mkdir
    rmdir: typeof fsp.rmdir
    rm: typeof fsp.rm
    stat: typeof fsp.stat
    lstat: typeof fsp.lstat
    readlink: typeof fsp.readlink
    symlink: typeof fsp.symlink
    chmod: typeof fsp.chmod
  }
}

type WriteFileOptions = string | { mode?: number; encoding?: string } | undefined

export function createAtomicFs(options: { gitdir: string; tempDir: string }): AtomicFs {
  const gitdirPrefix = options.gitdir + path.sep
  return {
    promises: {
      readFile: fsp.readFile,
      async writeFile(file, data, writeOptions) {
        const mode = typeof writeOptions === 'object' ? writeOptions.mode : undefined
        const underGitdir = path.resolve(file).startsWith(gitdirPrefix)
        // isomorphic-git writes nothing but utf8 text or bytes, so the encoding needs no handling.
        await writeFileAtomic(file, data, { mode, tempDir: underGitdir ? options.tempDir : undefined })
      },
      unlink: fsp.unlink,
      readdir: fsp.readdir,
      mkdir: fsp.mkdir,
      rmdir: fsp.rmdir,
      rm: fsp.rm,
      stat: fsp.stat,
      lstat: fsp.lstat,
      readlink: fsp.readlink,
      symlink: fsp.symlink,
      chmod: fsp.chmod,
    },
  }
}
