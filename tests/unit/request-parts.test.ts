import { beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import * as accountRequests from '../../core/contract/account-requests.ts'
import * as mediaRequests from '../../core/contract/media-requests.ts'
import * as postRequests from '../../core/contract/post-requests.ts'
import * as redirectRequests from '../../core/contract/redirect-requests.ts'
import { anyValue, requestBody, ruledText } from '../../core/contract/request-parts.ts'
import * as signInRequests from '../../core/contract/sign-in-requests.ts'
import * as siteRequests from '../../core/contract/site-requests.ts'
import * as syncRequests from '../../core/contract/sync-requests.ts'
import * as tagRequests from '../../core/contract/tag-requests.ts'
import * as teamRequests from '../../core/contract/team-requests.ts'
import { HOSTILE_VALUES, markZodDefaults, ZOD_DEFAULT } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

describe('requestBody', () => {
  const body = requestBody({ name: ruledText('name', (value) => (typeof value === 'string' && value !== '' ? null : 'is required'), { trim: true }), note: anyValue() })

  it('reads a body that is no object as one without fields, and leaves out the fields it does not name', () => {
    for (const value of [[1, 2], null, 'text', 7]) expect(body.safeParse(value).error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([{ path: ['name'], message: 'name is required' }])
    expect(body.parse({ name: ' Ann ', role: 'admin' })).toEqual({ name: 'Ann' })
    expect(body.parse({ name: 'Ann', note: 5 })).toEqual({ name: 'Ann', note: 5 })
  })
})

/** Every request schema of the contract, by name. */
const MODULES = { ...signInRequests, ...accountRequests, ...teamRequests, ...postRequests, ...mediaRequests, ...redirectRequests, ...siteRequests, ...syncRequests, ...tagRequests }
const SCHEMAS = (Object.entries(MODULES) as [string, unknown][]).filter(
  (entry): entry is [string, z.ZodType] => typeof entry[1] === 'object' && entry[1] !== null && 'safeParse' in entry[1],
)

/** Every field a request of the contract names (a body's, a query's, a route's parameters). */
const FIELDS = [
  ...['username', 'password', 'code', 'response', 'name', 'displayName', 'email', 'newPassword', 'currentPassword', 'role', 'disabled', 'token', 'passkey', 'requireSecondFactor', 'id', 'handle'],
  ...['title', 'slug', 'content', 'excerpt', 'summary', 'tags', 'status', 'publishedAt', 'coverImage', 'version', 'commit', 'from', 'to', 'path', 'keep', 'file', 'alt', 'q', 'page', 'perPage', 'sort', 'values', 'text'],
]

/** In a field: the hostile values, a long text at 5,000 characters (over every limit, and quick to read 40 times over). */
const FIELD_VALUES = HOSTILE_VALUES.map((value) => (typeof value === 'string' && value.length > 5000 ? 'x'.repeat(5000) : value))

describe('the request schemas', () => {
  it(`are ${SCHEMAS.length} of them, each with its own words for every refusal (never zod's)`, () => {
    expect(SCHEMAS.length).toBeGreaterThanOrEqual(40)
    const zodWords = /Invalid input|expected|received|Too (big|small)|Required/
    for (const [name, schema] of SCHEMAS) {
      const bodies: unknown[] = [...HOSTILE_VALUES, ...FIELDS.flatMap((field) => FIELD_VALUES.map((value) => ({ [field]: value })))]
      for (const body of bodies) {
        for (const issue of schema.safeParse(body).error?.issues ?? []) {
          const label = `${name} ${JSON.stringify(body)?.slice(0, 80)}`
          expect(issue.message, label).not.toBe(ZOD_DEFAULT)
          expect(issue.message, label).not.toMatch(zodWords)
        }
      }
    }
  })
})
