import { beforeAll, describe, expect, it } from 'vitest'
import { securitySettingsChangeSchema as securitySettingsBodySchema } from '../../core/contract/team-requests.ts'
import { parseInput } from '../../server/lib/parse-input.ts'
import { HOSTILE_VALUES, labelOf, markZodDefaults, problemOf } from '../support/request-schemas.ts'

beforeAll(markZodDefaults)

describe('securitySettingsChangeSchema', () => {
  it('takes requireSecondFactor, true or false; other fields are dropped', () => {
    expect(parseInput(securitySettingsBodySchema, { requireSecondFactor: true, other: 1 })).toEqual({ requireSecondFactor: true })
    expect(parseInput(securitySettingsBodySchema, { requireSecondFactor: false })).toEqual({ requireSecondFactor: false })
  })

  it('refuses anything else, the body that is no object included, at requireSecondFactor', () => {
    for (const value of HOSTILE_VALUES.filter((value) => typeof value !== 'boolean')) {
      for (const body of [value, { requireSecondFactor: value }]) {
        expect(problemOf(securitySettingsBodySchema, body), labelOf(value)).toEqual({ message: 'requireSecondFactor must be true or false', field: 'requireSecondFactor' })
      }
    }
    expect(problemOf(securitySettingsBodySchema, { requireSecondFactor: 'true' })?.message).toBe('requireSecondFactor must be true or false')
  })
})
