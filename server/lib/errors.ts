/**
 * The one error family of the server. Each error carries a permanent `code`; only
 * `server/http/error-status.ts` knows which HTTP status a code becomes.
 */
export type ErrorCode =
  | 'not_found'
  | 'invalid_input'
  | 'post_file_invalid'
  | 'config_invalid'
  | 'repository_locked'
  | 'not_a_repository'
  | 'repository_state_invalid'
  | 'accounts_file_invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'remote_failed'
  | 'too_large'
  | 'unsupported_media_type'
  | 'busy'

export class AppError extends Error {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string) {
    super(message)
    this.code = code
    this.name = new.target.name
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('not_found', message)
  }
}

export class InvalidInputError extends AppError {
  readonly field?: string

  constructor(message: string, field?: string) {
    super('invalid_input', message)
    this.field = field
  }
}

/** A post file on disk that cannot be read as a post: names the file and the field. */
export class PostFileError extends AppError {
  readonly file: string
  readonly field: string
  readonly reason: string

  constructor(file: string, field: string, reason: string) {
    super('post_file_invalid', `${file}: ${field} ${reason}`)
    this.file = file
    this.field = field
    this.reason = reason
  }
}

/**
 * A post file that is a symbolic link: never followed (a link pulled or put there could point at
 * any file of the machine), reported like any file that cannot be read.
 */
export class LinkedFileError extends PostFileError {
  constructor(file: string) {
    super(file, 'file', LINKED_FILE_REASON)
    this.message = `${file}: ${LINKED_FILE_REASON}`
  }
}

export const LINKED_FILE_REASON = 'a symbolic link is not allowed here'

/**
 * A post file whose front matter names another slug than its file name: `slug` is the one it
 * names, so that whoever reports it can say which file already has that slug.
 */
export class SlugMismatchError extends PostFileError {
  readonly slug: string

  constructor(file: string, slug: string) {
    super(file, 'slug', `is "${slug}" but must equal the file name (${file.replace(/\.html$/, '')})`)
    this.slug = slug
  }
}

/** The admin accounts file (DATA_DIR/admins.json) cannot be read: names the file and what is wrong. */
export class AccountsFileError extends AppError {
  readonly file: string
  readonly reason: string

  constructor(file: string, reason: string) {
    super('accounts_file_invalid', `${file}: ${reason}`)
    this.file = file
    this.reason = reason
  }
}

export class ConfigError extends AppError {
  readonly problems: string[]

  constructor(problems: string[]) {
    super('config_invalid', `Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.problems = problems
  }
}

/** No session, an expired one, or a wrong username or password. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Sign in first') {
    super('unauthorized', message)
  }
}

/** A request the server refuses whoever sends it: here, one that does not come from the site itself. */
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('forbidden', message)
  }
}

/**
 * The request is valid but collides with the current state: a stale post version (which
 * `currentVersion` names, so the client can reload it) or a slug another post uses.
 */
export class ConflictError extends AppError {
  readonly currentVersion?: string

  constructor(message: string, currentVersion?: string) {
    super('conflict', message)
    this.currentVersion = currentVersion
  }
}

/** Something that existed and cannot be used any more: an invitation used, expired or revoked. */
export class GoneError extends AppError {
  constructor(message: string) {
    super('gone', message)
  }
}

/** A request body or an upload over a limit (bytes, or pixels: a decompression bomb is refused by its header). */
export class TooLargeError extends AppError {
  constructor(message: string) {
    super('too_large', message)
  }
}

/**
 * More work asked for at once than is taken in turn (uploads waiting to be made fit): not the
 * client's mistake nor the server's failure; the answer says when to come back.
 */
export class BusyError extends AppError {
  readonly retryAfterSeconds: number

  constructor(message: string, retryAfterSeconds: number) {
    super('busy', message)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** An upload that is not one of the accepted image types, told by its bytes (or not a whole image). */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super('unsupported_media_type', message)
  }
}

/** Too many failed sign-ins: try again after `retryAfterSeconds`. */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number

  /** `what`: what failed too often, in words ("sign-ins" unless said). */
  constructor(retryAfterSeconds: number, what = 'sign-ins') {
    super('rate_limited', `Too many failed ${what}. Try again in ${formatWait(retryAfterSeconds)}.`)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

/** Another live process is the content repository's writer (see server/git/writer-lock.ts). */
export class RepositoryLockedError extends AppError {
  readonly lockPath: string
  readonly holder: { pid: number; hostname: string; startedAt: string }

  constructor(lockPath: string, holder: { pid: number; hostname: string; startedAt: string }) {
    super(
      'repository_locked',
      `The content repository is locked by process ${holder.pid} on ${holder.hostname} (since ${holder.startedAt}): ${lockPath}. ` +
        'Stop that process, or delete the lock file if it is gone.',
    )
    this.lockPath = lockPath
    this.holder = holder
  }
}

export class NotAGitRepositoryError extends AppError {
  readonly dir: string

  constructor(dir: string) {
    super('not_a_repository', `${dir} is not inside a git work tree`)
    this.dir = dir
  }
}

/** The repository is in a state a save cannot work in (e.g. a detached HEAD). */
export class RepositoryStateError extends AppError {
  constructor(message: string) {
    super('repository_state_invalid', message)
  }
}

/**
 * A file operation refused because it would go through a symbolic link, or leave the folder it
 * is confined to (server/lib/atomic-write.ts's `within`): `path` is the offending one.
 */
export class UnsafePathError extends AppError {
  readonly path: string

  constructor(path: string, message: string) {
    super('repository_state_invalid', message)
    this.path = path
  }
}

/**
 * A commit from the git remote holds a path git itself refuses (`..`, `.git`, an odd mode...:
 * server/git/formats/tree-rules.ts): nothing of it was checked out and the branch did not move.
 * `path` is as shown to people (invisible characters escaped).
 */
export class RefusedTreeError extends RepositoryStateError {
  readonly commit: string
  readonly path: string
  readonly reason: string

  constructor(options: { commit: string; path: string; reason: string }) {
    super(`Commit ${options.commit} was not checked out: ${options.path} ${options.reason}`)
    this.commit = options.commit
    this.path = options.path
    this.reason = options.reason
  }
}

/** Why talking to the git remote failed; `kind` decides what sync does next (retry, fetch first...). */
export type RemoteFailure = 'network' | 'auth' | 'not-found' | 'remote-moved' | 'rejected' | 'failed'

/**
 * Talking to the git remote failed. The message never holds credentials (the transport redacts
 * them), so it can be logged and shown to admins as it is.
 */
export class RemoteError extends AppError {
  readonly kind: RemoteFailure

  constructor(kind: RemoteFailure, message: string) {
    super('remote_failed', message)
    this.kind = kind
  }
}
