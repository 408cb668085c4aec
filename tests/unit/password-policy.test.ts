import { describe, expect, it } from 'vitest'
import { newPasswordProblem } from '../../server/accounts/password-policy.ts'
import { MAX_PASSWORD_LENGTH } from '../../core/contract/account-settings-wire.ts'

describe('newPasswordProblem', () => {
  it('takes 8 characters or more, with no composition rules', async () => {
    expect(await newPasswordProblem('kettle on the stove')).toBeNull()
    expect(await newPasswordProblem('zqxwvmkp')).toBeNull()
    expect(await newPasswordProblem('ZQXWVMK')).toMatch(/at least 8 characters \(15 or more is better\)/)
  })

  it('counts characters as typed: a composed and a decomposed é are one each', async () => {
    // 7 characters, 8 UTF-16 units when the é is decomposed: still too short.
    expect(await newPasswordProblem('zqcaf\u00e9x')).toMatch(/at least 8/)
    expect(await newPasswordProblem('zqcafe\u0301x')).toMatch(/at least 8/)
    expect(await newPasswordProblem('zqcafe\u0301xy')).toBeNull()
  })

  it('refuses the common passwords whatever their case, and the longest over the limit', async () => {
    expect(await newPasswordProblem('password123')).toMatch(/most common passwords/)
    expect(await newPasswordProblem('PassWord123')).toMatch(/most common passwords/)
    expect(await newPasswordProblem('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toMatch(/at most 1024/)
  })

  it("refuses the person's own username or name", async () => {
    expect(await newPasswordProblem('maria.lopez', { username: 'maria.lopez' })).toMatch(/username or name/)
    expect(await newPasswordProblem('Maria Lopez', { username: 'maria', displayName: 'maria lopez' })).toMatch(/username or name/)
    expect(await newPasswordProblem('maria lopez 2', { username: 'maria', displayName: 'Maria Lopez' })).toBeNull()
  })
})
