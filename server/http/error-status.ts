import type { ErrorCode } from '../errors.ts'

/** The one place that turns an error code into an HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  not_found: 404,
  invalid_input: 400,
  post_file_invalid: 500,
  config_invalid: 500,
  accounts_file_invalid: 500,
}
