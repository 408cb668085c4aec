import { describe, expect, it } from 'vitest'
import {
  identityProofSchema,
  passkeyRegistrationRequestSchema,
  passkeyRenameRequestSchema,
  passwordChangeSchema,
  profileChangeSchema,
} from '../../core/contract/account-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { refusal } from '../support/request-schemas.ts'


describe('profileChangeSchema', () => {
  it('trims the name and the e-mail, and keeps nothing else', () => {
    expect(parseInput(profileChangeSchema, { displayName: '  Wren Writer ', email: ' wren@team.example ', role: 'admin' })).toEqual({ displayName: 'Wren Writer', email: 'wren@team.example' })
  })

  it('refuses at the field, in the rule’s words', () => {
    expect(refusal(profileChangeSchema, { displayName: '   ', email: 'a@b' })).toEqual({ message: 'displayName is required', field: 'displayName' })
    expect(refusal(profileChangeSchema, [1])).toEqual({ message: 'displayName is required', field: 'displayName' })
    expect(refusal(profileChangeSchema, { displayName: 'x'.repeat(101), email: 'a@b' })).toEqual({ message: 'displayName must have at most 100 characters', field: 'displayName' })
    expect(refusal(profileChangeSchema, { displayName: 'Tab\there', email: 'a@b' })).toEqual({ message: 'displayName must not contain control characters', field: 'displayName' })
    expect(refusal(profileChangeSchema, { displayName: 'Cleo', email: 'cleo at example' })).toEqual({ message: 'email must look like name@example.com (one @, no spaces)', field: 'email' })
    expect(refusal(profileChangeSchema, { displayName: 'Cleo' })).toEqual({ message: 'email is required', field: 'email' })
  })
})

describe('passwordChangeSchema', () => {
  it('reads an empty or missing current password as none', () => {
    expect(parseInput(passwordChangeSchema, { newPassword: 'n', currentPassword: '' })).toEqual({ newPassword: 'n', currentPassword: undefined })
    expect(parseInput(passwordChangeSchema, { newPassword: 'n', currentPassword: null })).toEqual({ newPassword: 'n', currentPassword: undefined })
    expect(parseInput(passwordChangeSchema, { newPassword: 'n', currentPassword: 'c' })).toEqual({ newPassword: 'n', currentPassword: 'c' })
  })

  it('asks for the new password first; a current one that is not text, or too long to be anyone’s, is refused', () => {
    expect(refusal(passwordChangeSchema, { currentPassword: 5 })).toEqual({ message: 'newPassword is required', field: 'newPassword' })
    expect(refusal(passwordChangeSchema, { newPassword: '' })).toEqual({ message: 'newPassword is required', field: 'newPassword' })
    expect(refusal(passwordChangeSchema, { newPassword: 'n', currentPassword: 5 })).toEqual({ message: 'currentPassword must be a string', field: 'currentPassword' })
    expect(refusal(passwordChangeSchema, { newPassword: 'n', currentPassword: 'x'.repeat(1025) })).toEqual({ message: 'currentPassword is wrong', field: 'currentPassword' })
  })
})

describe('identityProofSchema', () => {
  it('takes a typed code first, else the password, else none (the service says what is missing)', () => {
    expect(parseInput(identityProofSchema, { code: '123456', password: 'pw' })).toEqual({ code: '123456' })
    expect(parseInput(identityProofSchema, { code: '   ', password: 'pw' })).toEqual({ password: 'pw' })
    expect(parseInput(identityProofSchema, { code: 'x'.repeat(300) })).toEqual({ code: 'x'.repeat(100) })
    for (const body of [{}, [1], { password: '' }, { password: 'x'.repeat(1025) }, { code: 5, password: 6 }]) {
      expect(parseInput(identityProofSchema, body)).toBeNull()
    }
  })
})

describe('passkey requests', () => {
  const response = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA' }, clientExtensionResults: {} }

  it('reads a registration: the answer whole, the name trimmed', () => {
    expect(parseInput(passkeyRegistrationRequestSchema, { name: '  Work laptop ', response })).toEqual({ name: 'Work laptop', response })
  })

  it('asks for the answer first, then a name of one line and at most 60 characters', () => {
    expect(refusal(passkeyRegistrationRequestSchema, { name: '' })).toEqual({ message: "response must be the browser's passkey answer", field: 'response' })
    expect(refusal(passkeyRegistrationRequestSchema, { name: 'X', response: { id: 'a', response: null } }).field).toBe('response')
    expect(refusal(passkeyRegistrationRequestSchema, { name: '   ', response })).toEqual({ message: 'name is required', field: 'name' })
    expect(refusal(passkeyRenameRequestSchema, { name: 5 })).toEqual({ message: 'name is required', field: 'name' })
    expect(refusal(passkeyRenameRequestSchema, { name: 'x'.repeat(61) })).toEqual({ message: 'name must have at most 60 characters', field: 'name' })
    expect(refusal(passkeyRenameRequestSchema, { name: 'two\nlines' })).toEqual({ message: 'name must be one line of text', field: 'name' })
    expect(parseInput(passkeyRenameRequestSchema, { name: ` ${'x'.repeat(60)} ` })).toEqual({ name: 'x'.repeat(60) })
  })
})
