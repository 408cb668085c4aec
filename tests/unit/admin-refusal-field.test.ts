import { describe, expect, it } from 'vitest'
import { reasonOf, refusalAtField } from '../../pages/admin/people/refusal-field.ts'

const FIELDS = { username: 'Username', password: 'Password' } as const

describe('a refusal said at its field', () => {
  it('puts the field’s words in front of the server’s reason, with a full stop', () => {
    expect(refusalAtField('400: password must have at least 8 characters (15 or more is better)', FIELDS)).toEqual({
      field: 'password',
      message: 'Password must have at least 8 characters (15 or more is better).',
    })
    expect(refusalAtField('400: username "ann" is taken: choose another', FIELDS)?.message).toBe('Username "ann" is taken: choose another.')
  })

  it('names no field for another status, or a field the form does not have', () => {
    expect(refusalAtField('410: This invitation was already used: sign in instead', FIELDS)).toBeNull()
    expect(refusalAtField('400: email must look like name@example.com', FIELDS)).toBeNull()
    expect(refusalAtField('400: toString is odd', FIELDS)).toBeNull()
  })

  it('says a failure without its status', () => {
    expect(reasonOf(new Error('409: The site must keep at least one enabled admin'))).toBe('The site must keep at least one enabled admin')
  })
})
