/**
 * The one error family of the server. Each error carries a permanent `code`; only
 * `server/http/error-status.ts` knows which HTTP status a code becomes.
 */
export type ErrorCode =
  | 'not_found'
  | 'invalid_input'
  | 'post_file_invalid'
  | 'config_invalid'
  | 'accounts_file_invalid'

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super('not_found', message)
  }
}

export class InvalidInputError extends AppError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super('invalid_input', message)
  }
}

/** A post file on disk that cannot be read as a post: names the file and the field. */
export class PostFileError extends AppError {
  constructor(
    readonly file: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super('post_file_invalid', `${file}: ${field} ${reason}`)
  }
}

/** The admin accounts file (DATA_DIR/admins.json) cannot be read: names the file and what is wrong. */
export class AccountsFileError extends AppError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super('accounts_file_invalid', `${file}: ${reason}`)
  }
}

export class ConfigError extends AppError {
  constructor(readonly problems: string[]) {
    super('config_invalid', `Invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}
