import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as accountRequests from '../../core/contract/account-requests.ts'
import { anyValue, requestBody, ruledText } from '../../core/contract/request-parts.ts'
import * as signInRequests from '../../core/contract/sign-in-requests.ts'
import * as teamRequests from '../../core/contract/team-requests.ts'

describe('requestBody', () => {
  const body = requestBody({ name: ruledText('name', (value) => (typeof value === 'string' && value !== '' ? null : 'is required'), { trim: true }), note: anyValue() })

  it('reads a body that is no object as one without fields, and leaves out the fields it does not name', () => {
    for (const value of [[1, 2], null, 'text', 7]) expect(body.safeParse(value).error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([{ path: ['name'], message: 'name is required' }])
    expect(body.parse({ name: ' Ann ', role: 'admin' })).toEqual({ name: 'Ann' })
    expect(body.parse({ name: 'Ann', note: 5 })).toEqual({ name: 'Ann', note: 5 })
  })
})

/** Every request schema of the contract, by name. */
const SCHEMAS = (Object.entries({ ...signInRequests, ...accountRequests, ...teamRequests }) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => typeof entry[1] === 'object' && entry[1] !== null && 'safeParse' in entry[1],
)

/** Bodies a client may send, right or wrong, field by field. */
const FIELD_VALUES: unknown[] = [undefined, null, '', '  ', 'x', 'x'.repeat(2000), 0, 5, true, [], ['x'], {}, { id: 'a', response: {} }]
const FIELDS = ['username', 'password', 'code', 'response', 'name', 'displayName', 'email', 'newPassword', 'currentPassword', 'role', 'disabled', 'token', 'passkey', 'requireSecondFactor', 'id', 'handle']

describe('the request schemas', () => {
  it(`are ${SCHEMAS.length} of them, each with its own words for every refusal (never zod's)`, () => {
    expect(SCHEMAS.length).toBeGreaterThanOrEqual(18)
    const zodWords = /Invalid input|expected|received|Too (big|small)|Required/
    for (const [name, schema] of SCHEMAS) {
      const bodies: unknown[] = [undefined, null, [], 'text', {}, ...FIELDS.flatMap((field) => FIELD_VALUES.map((value) => ({ [field]: value })))]
      for (const body of bodies) {
        for (const issue of schema.safeParse(body).error?.issues ?? []) {
          expect(issue.message, `${name} ${JSON.stringify(body)}`).not.toMatch(zodWords)
        }
      }
    }
  })
})
