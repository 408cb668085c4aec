import { describe, expect, it } from 'vitest'
import {
  acceptInvitationRequestSchema,
  invitationLookupSchema,
  invitationPasskeyOptionsSchema,
  inviteRequestSchema,
  personChangeSchema,
  securitySettingsChangeSchema,
} from '../../core/contract/team-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, refusal } from '../support/request-schemas.ts'


describe('personChangeSchema', () => {
  it('takes a role, disabled, or both', () => {
    expect(parseInput(personChangeSchema, { role: 'editor' })).toEqual({ role: 'editor' })
    expect(parseInput(personChangeSchema, { disabled: true, role: 'admin', email: 'x' })).toEqual({ role: 'admin', disabled: true })
  })

  it('refuses a role that is none, a disabled that is not true or false, and a change of nothing', () => {
    expect(refusal(personChangeSchema, { role: 'owner' })).toEqual({ message: 'role must be one of admin, editor, author', field: 'role' })
    expect(refusal(personChangeSchema, { role: null })).toEqual({ message: 'role must be one of admin, editor, author', field: 'role' })
    expect(refusal(personChangeSchema, { disabled: 'yes' })).toEqual({ message: 'disabled must be true or false', field: 'disabled' })
    for (const body of [{}, [1], { role: undefined }]) {
      expect(refusal(personChangeSchema, body)).toEqual({ message: 'Say what changes: role, disabled or both', field: undefined })
    }
  })
})

describe('inviteRequestSchema', () => {
  it('trims the name and the e-mail; an empty e-mail is none', () => {
    expect(parseInput(inviteRequestSchema, { displayName: ' Ann ', role: 'author', email: ' ann@example.com ' })).toEqual({ displayName: 'Ann', role: 'author', email: 'ann@example.com' })
    for (const email of [undefined, null, '', '  ']) expect(parseInput(inviteRequestSchema, { displayName: 'Ann', role: 'author', email }).email).toBeUndefined()
  })

  it('refuses at the field, name first', () => {
    expect(refusal(inviteRequestSchema, { role: 'owner' })).toEqual({ message: 'displayName is required', field: 'displayName' })
    expect(refusal(inviteRequestSchema, { displayName: 'Ann', role: 'owner' })).toEqual({ message: 'role must be one of admin, editor, author', field: 'role' })
    expect(refusal(inviteRequestSchema, { displayName: 'Ann', role: 'author', email: 'not an address' })).toEqual({ message: 'email must look like name@example.com (one @, no spaces)', field: 'email' })
    expect(refusal(inviteRequestSchema, { displayName: 'Ann', role: 'author', email: 7 })).toEqual({ message: 'email is required', field: 'email' })
  })
})

describe("the invitee's requests", () => {
  const response = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA' }, clientExtensionResults: {} }

  it('reads a token that is not text as no token (an unknown link)', () => {
    expect(parseInput(invitationLookupSchema, { token: 'abc' })).toEqual({ token: 'abc' })
    expect(parseInput(invitationLookupSchema, { token: 5 })).toEqual({ token: '' })
    expect(parseInput(invitationLookupSchema, [1])).toEqual({ token: '' })
  })

  it('asks a passkey’s username in the username rule', () => {
    expect(parseInput(invitationPasskeyOptionsSchema, { token: 't', username: ' kim ' })).toEqual({ token: 't', username: 'kim' })
    expect(refusal(invitationPasskeyOptionsSchema, { token: 't', username: 'Bad Name' }).message).toMatch(/^username must be 1 to 64 lowercase letters/)
  })

  it('accepts with a password, its rules at the fields', () => {
    const fields = { token: 't', username: ' ann ', email: ' ann@example.com ', password: 'a long passphrase' }
    expect(parseInput(acceptInvitationRequestSchema, fields)).toEqual({ token: 't', username: 'ann', email: 'ann@example.com', password: 'a long passphrase' })
    expect(refusal(acceptInvitationRequestSchema, { ...fields, username: 'Bad Name' }).field).toBe('username')
    expect(refusal(acceptInvitationRequestSchema, { ...fields, email: 'nope' })).toEqual({ message: 'email must look like name@example.com (one @, no spaces)', field: 'email' })
    expect(refusal(acceptInvitationRequestSchema, { ...fields, password: '' })).toEqual({ message: 'password is required', field: 'password' })
    expect(refusal(acceptInvitationRequestSchema, { ...fields, password: 'x'.repeat(1025) })).toEqual({ message: 'password must have at most 1024 characters', field: 'password' })
    expect(refusal(acceptInvitationRequestSchema, [1])).toEqual({ message: 'username is required', field: 'username' })
  })

  it('accepts with a passkey when the body has one: its answer required, its name "Passkey 1" when none is given', () => {
    const fields = { token: 't', username: 'kim', email: 'kim@example.com' }
    expect(parseInput(acceptInvitationRequestSchema, { ...fields, password: '', passkey: { name: ' Phone ', response } })).toEqual({ ...fields, passkey: { name: ' Phone ', response } })
    expect(parseInput(acceptInvitationRequestSchema, { ...fields, passkey: { name: '  ', response } })).toEqual({ ...fields, passkey: { name: 'Passkey 1', response } })
    for (const passkey of [null, 'x', {}, { response: null }]) {
      expect(refusal(acceptInvitationRequestSchema, { ...fields, passkey })).toEqual({ message: 'passkey.response is required', field: 'passkey' })
    }
  })
})

describe('securitySettingsChangeSchema', () => {
  it('takes requireSecondFactor, true or false; other fields are dropped', () => {
    expect(parseInput(securitySettingsChangeSchema, { requireSecondFactor: true, other: 1 })).toEqual({ requireSecondFactor: true })
    expect(parseInput(securitySettingsChangeSchema, { requireSecondFactor: false })).toEqual({ requireSecondFactor: false })
  })

  it('refuses anything else, the body that is no object included, at requireSecondFactor', () => {
    for (const value of HOSTILE_VALUES.filter((value) => typeof value !== 'boolean')) {
      for (const body of [value, { requireSecondFactor: value }]) {
        expect(refusal(securitySettingsChangeSchema, body), labelOf(value)).toEqual({ message: 'requireSecondFactor must be true or false', field: 'requireSecondFactor' })
      }
    }
    expect(refusal(securitySettingsChangeSchema, { requireSecondFactor: 'true' }).message).toBe('requireSecondFactor must be true or false')
  })
})
