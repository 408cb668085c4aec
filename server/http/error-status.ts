import type { ErrorCode } from '../lib/errors.ts'

/** The one place that turns an error code into an HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  not_found: 404,
  invalid_input: 400,
  post_file_invalid: 500,
  config_invalid: 500,
  repository_locked: 500,
  not_a_repository: 500,
  repository_state_invalid: 500,
  accounts_file_invalid: 500,
  unauthorized: 401,
  forbidden: 403,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
  remote_failed: 502,
  too_large: 413,
  unsupported_media_type: 415,
  busy: 503,
}
