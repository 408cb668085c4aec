import { describe, expect, it } from 'vitest'
import { loginRequestSchema, passkeySignInRequestSchema, secondStepCodeSchema } from '../../core/contract/sign-in-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { refusal } from '../support/request-schemas.ts'


describe('loginRequestSchema', () => {
  it('reads the username as usernames are (trimmed, lowercase) and the password as typed', () => {
    expect(parseInput(loginRequestSchema, { username: '  Editor ', password: ' pass word ', remember: true })).toEqual({ username: 'editor', password: ' pass word ' })
    // No username is this long: it is answered as an unknown one, without the work of a long one.
    expect(parseInput(loginRequestSchema, { username: 'a'.repeat(500), password: 'x' }).username).toHaveLength(100)
  })

  it('names the first field missing, in order, whatever the body is', () => {
    for (const body of [{}, [1, 2], null, { username: '   ', password: 'x' }, { username: 7, password: 'x' }]) {
      expect(refusal(loginRequestSchema, body)).toEqual({ message: 'username is required', field: 'username' })
    }
    expect(refusal(loginRequestSchema, { username: 'a' })).toEqual({ message: 'password is required', field: 'password' })
    expect(refusal(loginRequestSchema, { username: 'a', password: '' })).toEqual({ message: 'password is required', field: 'password' })
    expect(refusal(loginRequestSchema, { username: 'a', password: 'x'.repeat(1025) })).toEqual({ message: 'password must be at most 1024 characters', field: 'password' })
    expect(parseInput(loginRequestSchema, { username: 'a', password: 'x'.repeat(1024) }).password).toHaveLength(1024)
  })
})

describe('secondStepCodeSchema', () => {
  it('keeps a code as typed, cut at 100 characters', () => {
    expect(parseInput(secondStepCodeSchema, { code: ' 123 456 ' })).toEqual({ code: ' 123 456 ' })
    expect(parseInput(secondStepCodeSchema, { code: 'x'.repeat(500) }).code).toHaveLength(100)
  })

  it('refuses none, a blank one, or one that is not text', () => {
    for (const body of [{}, { code: '' }, { code: '   ' }, { code: 123456 }, [1]]) {
      expect(refusal(secondStepCodeSchema, body)).toEqual({ message: 'code is required', field: 'code' })
    }
  })
})

describe('passkeySignInRequestSchema', () => {
  const answer = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} }

  it('passes the browser’s answer on whole, for the library to check', () => {
    expect(parseInput(passkeySignInRequestSchema, { response: answer, more: 1 })).toEqual({ response: answer })
    // A user handle that is no text is the service's to refuse (401), not a malformed body.
    expect(parseInput(passkeySignInRequestSchema, { response: { ...answer, response: { ...answer.response, userHandle: 5 } } }).response).toBeDefined()
  })

  it('refuses what has not the answer’s shape, at `response`', () => {
    for (const response of [undefined, null, 'x', { id: '' , response: {} }, { id: 5, response: {} }, { id: 'a' }, { id: 'a', response: null }]) {
      expect(refusal(passkeySignInRequestSchema, { response })).toEqual({ message: "response must be the browser's passkey answer", field: 'response' })
    }
  })
})
