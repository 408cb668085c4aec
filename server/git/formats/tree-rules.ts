/**
 * What a tree entry may be, as git's own `fsck` (fsck.c, fsck_tree) and `verify_path`
 * (read-cache.c, with path.c's is_ntfs_dotgit and utf8.c's is_hfs_dotgit) have it, with both
 * core.protectNTFS and core.protectHFS on whatever the platform: a content repository is pushed to
 * from Windows and macOS too, and a name either of them reads as `.git` is `.git`.
 *
 * Everything fetched from the remote is a content author's input, not an administrator's: a tree
 * entry named `..` or `.git` would be checked out beside the repository or into its git folder.
 * Pure: the checks of one tree object's bytes; tree-check.ts walks a commit's trees with them.
 *
 * Git's own files are checked as fsck_tree checks them, under every name Windows or macOS reads
 * as them (GIT_DOTFILES): a `.gitmodules` or `.gitattributes` must be a file, whose content
 * tree-check.ts has checked too (gitmodules-rules.ts), and none may be a symbolic link.
 *
 * Stricter than git in three places. Two because the work tree is written through JavaScript
 * strings: a name that is not valid UTF-8 is refused (it would be written under another name),
 * and so are modes git's fsck only reports (100600...); `100664`, which early git wrote and fsck
 * accepts, is read as `100644`, as git itself reads it. And a `.gitattributes`, `.gitignore` or
 * `.mailmap` that is a symbolic link, which git 2.39's fsck only notes, is refused as a
 * `.gitmodules` one is.
 */

/** The modes a tree may hold, as stored, and how they are read (6 digits, as TreeEntry.mode). */
const MODES: ReadonlyMap<string, string> = new Map([
  ['40000', '040000'],
  // Zero-padded: git accepts it (fsck only warns, zeroPaddedFilemode) and reads it as a folder.
  ['040000', '040000'],
  ['100644', '100644'],
  ['100755', '100755'],
  // Early git recorded group-write; git reads it as a plain file (tree-walk.h, canon_mode).
  ['100664', '100644'],
  ['120000', '120000'],
  ['160000', '160000'],
])

export const FOLDER_MODE = '040000'
export const SYMLINK_MODE = '120000'
export const SUBMODULE_MODE = '160000'

/** A mode as stored in a tree, read as the server uses it (`040000`, `100644`...); null when refused. */
export function readMode(stored: string): string | null {
  return MODES.get(stored) ?? null
}

/** Characters HFS+ ignores when comparing names (utf8.c, next_hfs_char): `.g\u200cit` is `.git` there. */
const HFS_IGNORED = new Set([
  0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x206a, 0x206b, 0x206c, 0x206d, 0x206e, 0x206f, 0xfeff,
])

/** Why git (or this server) refuses a tree entry's name; null when it is fine. */
export function refusedName(name: string): string | null {
  if (name === '') return 'has an empty name'
  if (name.includes('/')) return 'has a name with a slash'
  if (name.includes('\\')) return 'has a name with a backslash (a folder separator on Windows)'
  if (name.includes('\0')) return 'has a name with a NUL byte'
  if (name === '.' || name === '..') return `is named "${name}", which points outside its folder`
  if (name.includes('\ufffd')) return 'has a name that is not valid UTF-8'
  if (isDotGit(name)) return 'is named as git’s own folder (.git, or a name Windows or macOS reads as .git)'
  return null
}

/**
 * `.git` in any case, or a name NTFS or HFS+ reads as `.git`: trailing dots and spaces or an
 * alternate data stream (`.git. `, `.git::$INDEX_ALLOCATION`), the 8.3 short name `git~1`, and
 * HFS+'s ignored characters anywhere in it.
 */
export function isDotGit(name: string): boolean {
  return isNtfsDotGit(name) || isHfsDotGit(name)
}

/** path.c, is_ntfs_dotgit: `.git` or `git~1`, then only dots and spaces up to the end or a `:`. */
function isNtfsDotGit(name: string): boolean {
  const lower = name.toLowerCase()
  let rest: string
  if (lower.startsWith('.git')) rest = name.slice(4)
  else if (lower.startsWith('git~1')) rest = name.slice(5)
  else return false
  for (const char of rest) {
    if (char === ':' || char === '\\' || char === '/') return true
    if (char !== '.' && char !== ' ') return false
  }
  return true
}

/** utf8.c, is_hfs_dotgit: `.git` in any ASCII case once HFS+'s ignored characters are dropped. */
function isHfsDotGit(name: string): boolean {
  return isHfsDot(name, 'git')
}

/** utf8.c, is_hfs_dot_generic: `.` and `needle` (lowercase ASCII) in any ASCII case, once HFS+'s ignored characters are dropped. */
function isHfsDot(name: string, needle: string): boolean {
  let kept = ''
  for (const char of name) {
    if (!HFS_IGNORED.has(char.codePointAt(0)!)) kept += char
  }
  return kept.length === needle.length + 1 && /^[\x00-\x7f]*$/.test(kept) && kept.toLowerCase() === `.${needle}`
}

/**
 * The files git itself reads from a work tree, which its fsck looks at by name wherever they are:
 * each with the name it has (lowercase) and the prefix of its NTFS 8.3 fallback short name
 * (path.c: is_ntfs_dotgitmodules and its siblings).
 */
export const GIT_DOTFILES = {
  '.gitmodules': { name: 'gitmodules', shortPrefix: 'gi7eba' },
  '.gitattributes': { name: 'gitattributes', shortPrefix: 'gi7d29' },
  '.gitignore': { name: 'gitignore', shortPrefix: 'gi250a' },
  '.mailmap': { name: 'mailmap', shortPrefix: 'maba30' },
} as const

export type GitDotfile = keyof typeof GIT_DOTFILES

/**
 * Which of git's own files (GIT_DOTFILES) Windows or macOS would take `name` for, as git's fsck
 * decides it (is_hfs_dot… or is_ntfs_dot…): `.GITMODULES`, `.gitmodules. :x`, `GITMOD~1`,
 * `gi7eba~9`, `.git\u200cmodules`; null for any other name.
 */
export function gitDotfileOf(name: string): GitDotfile | null {
  for (const [file, { name: needle, shortPrefix }] of Object.entries(GIT_DOTFILES) as [GitDotfile, (typeof GIT_DOTFILES)[GitDotfile]][]) {
    if (isHfsDot(name, needle) || isNtfsDot(name, needle, shortPrefix)) return file
  }
  return null
}

/**
 * path.c, is_ntfs_dot_generic: `.` + `needle` in any ASCII case, or its 8.3 short name (the
 * first 6 letters and `~1` to `~4`, or the fallback: up to 6 characters of `shortPrefix` and `~`
 * and digits, 8 characters in all), then only dots and spaces up to the end or a `:`.
 */
function isNtfsDot(name: string, needle: string, shortPrefix: string): boolean {
  const onlySpacesAndDots = (from: number): boolean => {
    for (let i = from; i < name.length; i++) {
      const char = name[i]
      if (char === ':') return true
      if (char !== ' ' && char !== '.') return false
    }
    return true
  }
  if (name[0] === '.' && asciiLower(name.slice(1, needle.length + 1)) === needle) return onlySpacesAndDots(needle.length + 1)
  if (asciiLower(name.slice(0, 6)) === needle.slice(0, 6) && name[6] === '~' && name[7]! >= '1' && name[7]! <= '4') return onlySpacesAndDots(8)
  let sawTilde = false
  for (let i = 0; i < 8; i++) {
    const char = name[i]
    if (char === undefined) return false
    if (sawTilde) {
      if (char < '0' || char > '9') return false
    } else if (char === '~') {
      const next = name[++i]
      if (next === undefined || next < '1' || next > '9') return false
      sawTilde = true
    } else if (i >= 6 || char.charCodeAt(0) > 0x7f || asciiLower(char) !== shortPrefix[i]) {
      return false
    }
  }
  return onlySpacesAndDots(8)
}

/** Lowercase for the ASCII letters only, as C's tolower: the needles are ASCII, and so must the name be that matches one. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (char) => char.toLowerCase())
}

/** One entry of a tree object, read and checked. */
export interface CheckedEntry {
  name: string
  /** As the server reads it (see readMode). */
  mode: string
  oid: string
}

/** An entry git would refuse: its name as read (the path is the caller's) and why. */
export interface TreeProblem {
  name: string
  reason: string
}

/** An entry named as a file of git's whose content git's fsck checks too (gitmodules-rules.ts): read by the caller. */
export interface DotfileEntry {
  name: string
  file: '.gitmodules' | '.gitattributes'
  oid: string
}

const NULL_OID = '0'.repeat(40)
const utf8 = new TextDecoder('utf-8', { fatal: false })

/**
 * Reads a tree object's raw content (`<mode> <name>\0<20-byte id>`...) and checks every entry:
 * its mode, its name, no name twice, git's order. Returns the entries and the problems (empty
 * when git's fsck would accept the tree and so would the server).
 */
export function checkTreeObject(bytes: Buffer): { entries: CheckedEntry[]; problems: TreeProblem[]; dotfiles: DotfileEntry[] } {
  const entries: CheckedEntry[] = []
  const problems: TreeProblem[] = []
  const dotfiles: DotfileEntry[] = []
  const seen = new Set<string>()
  let previous: { name: Buffer; folder: boolean } | null = null
  let offset = 0
  while (offset < bytes.length) {
    const space = bytes.indexOf(0x20, offset)
    const nul = space === -1 ? -1 : bytes.indexOf(0, space + 1)
    if (space === -1 || nul === -1 || nul + 21 > bytes.length) {
      problems.push({ name: '', reason: 'is a malformed tree object' })
      break
    }
    const stored = bytes.toString('latin1', offset, space)
    const rawName = bytes.subarray(space + 1, nul)
    const name = utf8.decode(rawName)
    const oid = bytes.toString('hex', nul + 1, nul + 21)
    offset = nul + 21
    const mode = readMode(stored)
    const reason =
      refusedName(name) ??
      (mode === null ? `has mode ${stored}, which git does not write` : null) ??
      (seen.has(name) ? 'is listed twice in its folder' : null) ??
      (oid === NULL_OID ? 'points at no object (an all-zero id)' : null) ??
      dotfileProblem(name, mode!)
    const folder = mode === FOLDER_MODE
    if (reason === null && previous !== null && compareGitOrder(previous.name, previous.folder, rawName, folder) > 0) {
      problems.push({ name, reason: 'is out of git’s order in its folder (the tree was not written by git)' })
    } else if (reason !== null) {
      problems.push({ name, reason })
    }
    seen.add(name)
    previous = { name: rawName, folder }
    entries.push({ name, mode: mode ?? stored, oid })
    const file = reason === null ? gitDotfileOf(name) : null
    if (file === '.gitmodules' || file === '.gitattributes') dotfiles.push({ name, file, oid })
  }
  return { entries, problems, dotfiles }
}

/** The message ids of git's fsck for each of its files, for the reasons (`gitmodulesSymlink`...). */
const FSCK_ID: Record<GitDotfile, string> = { '.gitmodules': 'gitmodules', '.gitattributes': 'gitattributes', '.gitignore': 'gitignore', '.mailmap': 'mailmap' }

/** How a reason names an entry that is one of git's files by name (GIT_DOTFILES). */
export function namedAs(file: GitDotfile): string {
  return `named as git’s ${file} (or a name Windows or macOS reads as it)`
}

/**
 * fsck.c, fsck_tree: none of git's own files may be a symbolic link (git 2.39 reports one for
 * .gitattributes, .gitignore and .mailmap without failing, and refuses it where it reads them, as
 * newer releases do everywhere: so does this server); .gitmodules and .gitattributes must be
 * files (gitmodulesBlob: a folder is not). Their content is checked once read (tree-check.ts).
 */
function dotfileProblem(name: string, mode: string): string | null {
  const file = gitDotfileOf(name)
  if (file === null) return null
  if (mode === SYMLINK_MODE) return `is a symbolic link ${namedAs(file)}, which git’s fsck refuses (${FSCK_ID[file]}Symlink)`
  if (mode === FOLDER_MODE && (file === '.gitmodules' || file === '.gitattributes')) return `is a folder ${namedAs(file)}, which git’s fsck refuses: it must be a file (${FSCK_ID[file]}Blob)`
  return null
}

/** Git's tree order: name bytes, a folder's name compared as if it ended in '/'. */
function compareGitOrder(a: Buffer, aFolder: boolean, b: Buffer, bFolder: boolean): number {
  const length = Math.min(a.length, b.length)
  const common = a.compare(b, 0, length, 0, length)
  if (common !== 0) return common
  const next = (name: Buffer, folder: boolean) => (name.length > length ? name[length]! : folder ? 0x2f : 0)
  return next(a, aFolder) - next(b, bFolder)
}

/** A path for a message: characters one cannot see (U+200C...) written as escapes. */
export function showPath(filepath: string): string {
  const escape = (char: string) => `\\u{${char.codePointAt(0)!.toString(16)}}`
  return filepath.replace(/[^\x20-\x7e\u00a0-\u1fff\u2070-\ufefe]/gu, escape).replace(/ +$/, (spaces) => [...spaces].map(escape).join(''))
}
