import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hashToken, InvitationStore, invitationState, invitationsFilePath, type NewInvitation } from '../../server/accounts/invitation-store.ts'
import { AccountsFileError, ConflictError, GoneError, NotFoundError } from '../../server/lib/errors.ts'
import { waitFor } from '../support/wait-for.ts'

const DAY_MS = 24 * 60 * 60 * 1000

let base: string
let file: string
/** The store's clock; tests move it. */
let now: Date

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'watchio-invitations-'))
  file = invitationsFilePath(path.join(base, 'data'))
  now = new Date('2026-03-01T10:00:00.000Z')
})

afterEach(() => rm(base, { recursive: true, force: true }))

const store = () => new InvitationStore({ file, now: () => now })
const ann: NewInvitation = { displayName: 'Ann Author', email: 'ann@example.com', role: 'author', invitedBy: 'editor', invitedByName: 'Eddie' }

describe('InvitationStore', () => {
  it('keeps only the SHA-256 of a 256-bit token, in a 0600 file', async () => {
    const { invitation, token } = await store().create(ann)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const text = await readFile(file, 'utf8')
    expect(text).not.toContain(token)
    expect(JSON.parse(text).invitations[0].tokenHash).toBe(hashToken(token))
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(invitation).toMatchObject({ displayName: 'Ann Author', role: 'author', usedAt: null, revokedAt: null })
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(7 * DAY_MS)
    expect((await store().findByToken(token))?.id).toBe(invitation.id)
    expect(await store().findByToken(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'))).toBeUndefined()
    expect(await store().findByToken('')).toBeUndefined()
  })

  it('works for 7 days and then is expired, by the injected clock', async () => {
    const { invitation, token } = await store().create(ann)
    now = new Date(Date.parse(invitation.createdAt) + 7 * DAY_MS - 1)
    expect((await store().usable(token)).id).toBe(invitation.id)
    now = new Date(Date.parse(invitation.createdAt) + 7 * DAY_MS)
    expect(invitationState((await store().list())[0]!, now)).toBe('expired')
    await expect(store().usable(token)).rejects.toThrow(GoneError)
    await expect(store().usable(token)).rejects.toThrow(/expired/)
    await expect(store().consume(token, async () => 'ann')).rejects.toThrow(/expired/)
  })

  it('is used once: the second consume is refused, and a failed one leaves it usable', async () => {
    const invitations = store()
    const { token } = await invitations.create(ann)
    await expect(invitations.consume(token, async () => Promise.reject(new Error('username taken')))).rejects.toThrow('username taken')
    expect(invitationState((await invitations.list())[0]!, now)).toBe('pending')
    const used = await invitations.consume(token, async () => 'ann')
    expect(used).toMatchObject({ usedBy: 'ann', usedAt: now.toISOString() })
    await expect(invitations.consume(token, async () => 'ann2')).rejects.toThrow(/already used/)
    await expect(invitations.usable(token)).rejects.toBeInstanceOf(GoneError)
  })

  it('lets one of two accepts at once win, in one store or in two (two processes)', async () => {
    for (const twoStores of [false, true]) {
      const first = store()
      const second = twoStores ? store() : first
      const { token } = await first.create(ann)
      const created: string[] = []
      let other: Promise<unknown> | undefined
      // The lock's clock and timers are the test's: the other store looks again only when told.
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
      try {
        await first.consume(token, async () => {
          // The other accept comes while this one holds the invitation (its account being written).
          other = second.consume(token, async () => (created.push('two'), 'two'))
          other.catch(() => {})
          // In this store it waits its turn; from another store (another process) it finds the
          // file locked and waits on its timer to look again.
          if (twoStores) await waitFor(() => vi.getTimerCount() === 1)
          created.push('one')
          return 'one'
        })
        if (twoStores) await vi.advanceTimersToNextTimerAsync()
        await expect(other!).rejects.toBeInstanceOf(GoneError)
      } finally {
        vi.useRealTimers()
      }
      expect(created).toEqual(['one'])
    }
  })

  it('revokes a pending invitation, not an accepted one; names an unknown one', async () => {
    const invitations = store()
    const { invitation, token } = await invitations.create(ann)
    const revoked = await invitations.revoke(invitation.id)
    expect(revoked.revokedAt).toBe(now.toISOString())
    await expect(invitations.usable(token)).rejects.toThrow(/withdrawn/)
    const other = await invitations.create({ ...ann, displayName: 'Bo' })
    await invitations.consume(other.token, async () => 'bo')
    await expect(invitations.revoke(other.invitation.id)).rejects.toBeInstanceOf(ConflictError)
    await expect(invitations.revoke('nope')).rejects.toBeInstanceOf(NotFoundError)
    await expect(invitations.usable('x'.repeat(43))).rejects.toBeInstanceOf(NotFoundError)
  })

  it('lists newest first, and forgets invitations 30 days after their end at the next write', async () => {
    const invitations = store()
    const old = await invitations.create({ ...ann, displayName: 'Old' })
    now = new Date(now.getTime() + 1000)
    await invitations.create({ ...ann, displayName: 'New' })
    expect((await invitations.list()).map((entry) => entry.displayName)).toEqual(['New', 'Old'])
    now = new Date(Date.parse(old.invitation.expiresAt) + 30 * DAY_MS + 2000)
    await invitations.create({ ...ann, displayName: 'Later' })
    expect((await invitations.list()).map((entry) => entry.displayName)).toEqual(['Later'])
  })

  it('names a hand-broken entry instead of using it; a file that is not JSON opens no link', async () => {
    const { token } = await store().create(ann)
    const data = JSON.parse(await readFile(file, 'utf8'))
    data.invitations[0].role = 'owner'
    await writeFile(file, JSON.stringify(data))
    await expect(store().usable(token)).rejects.toThrow(AccountsFileError)
    await expect(store().list()).rejects.toThrow(/invitations\[0\]\.role must be one of/)
    await writeFile(file, '{ not json')
    await expect(store().usable(token)).rejects.toBeInstanceOf(NotFoundError)
  })
})
