import { randomBytes } from 'node:crypto'

/*
 * The one naming scheme for temp files: `.<name>.watchio-tmp-<pid>-<random>`. Hidden, never a
 * post name, and it says which process wrote it, so that `removeStaleTempFiles` (atomic-write.ts)
 * deletes only what a dead process left. A module of its own because both atomic-write.ts and
 * lock-file.ts name temp files, and atomic-write.ts asks lock-file.ts whether a writer is alive.
 */

const TEMP_MARK = '.watchio-tmp-'
const TEMP_NAME = /^\..*\.watchio-tmp-(\d+)-[0-9a-f]+$/

export function tempNameFor(targetName: string): string {
  return `.${targetName}${TEMP_MARK}${process.pid}-${randomBytes(6).toString('hex')}`
}

export function isTempName(name: string): boolean {
  return TEMP_NAME.test(name)
}

/** The pid of the process that made temp file `name`, or null when `name` is not a temp name. */
export function tempFileWriter(name: string): number | null {
  const match = TEMP_NAME.exec(name)
  return match ? Number(match[1]) : null
}
