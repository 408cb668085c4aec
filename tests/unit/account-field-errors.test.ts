import { describe, expect, it } from 'vitest'
import { accountFieldError } from '../../pages/admin/account/account-field-errors.ts'

const PROFILE = { displayName: 'Display name', email: 'E-mail' }
const PASSWORD = { currentPassword: 'Current password', newPassword: 'New password' }

describe('accountFieldError', () => {
  it('puts a 400 at the field it names, in the label’s words, as a sentence', () => {
    expect(accountFieldError('400: displayName is required', PROFILE)).toEqual({ field: 'displayName', message: 'Display name is required.' })
    expect(accountFieldError('400: email must look like name@example.com (one @, no spaces)', PROFILE)).toEqual({
      field: 'email',
      message: 'E-mail must look like name@example.com (one @, no spaces).',
    })
    expect(accountFieldError('400: newPassword must have at least 8 characters (15 or more is better)', PASSWORD)?.field).toBe('newPassword')
  })

  it('puts too many wrong passwords (429) at the field given for it', () => {
    expect(accountFieldError('429: Too many failed sign-ins. Try again in 15 minutes.', PASSWORD, 'currentPassword')).toEqual({
      field: 'currentPassword',
      message: 'Too many failed sign-ins. Try again in 15 minutes.',
    })
    expect(accountFieldError('429: Too many failed sign-ins. Try again in 15 minutes.', PROFILE)).toBeNull()
  })

  it('names no field for another form’s field, another status, or a message that names none', () => {
    expect(accountFieldError('400: newPassword is required', PROFILE)).toBeNull()
    expect(accountFieldError('403: To set a password, sign out and sign in again', PASSWORD)).toBeNull()
    expect(accountFieldError('400: Bad Request', PROFILE)).toBeNull()
    expect(accountFieldError('Failed to fetch', PROFILE)).toBeNull()
  })
})
