import { randomBytes, scryptSync } from 'node:crypto'
import type { Role } from '../../core/contract/index.ts'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { ApiClient } from './admin-client.ts'
import { signedInServer, type SignedInServer } from './signed-in-server.ts'

/** The one password of the people a test adds (they differ by name and role). */
export const TEAM_PASSWORD = 'a team password of our own'

/**
 * Adds a person with `role` to the accounts file in `dataDir` (the running server reads it), as
 * `npm run admin` or an invitation would, and answers a client signed in as them. The hash is
 * in the stored format at a low cost (2^10), so a test that signs many people in stays quick.
 */
export async function addSignedInPerson(options: { dataDir: string; serverUrl: string; username: string; role: Role }): Promise<ApiClient> {
  const { dataDir, serverUrl, username, role } = options
  await addPerson({ dataDir, username, role })
  const client = new ApiClient(serverUrl)
  const response = await client.login(username, TEAM_PASSWORD)
  if (response.status !== 200) throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`)
  return client
}

/** Adds a person with `role` (password TEAM_PASSWORD) to the accounts file in `dataDir`, unless they are there already. */
export async function addPerson(options: { dataDir: string; username: string; role: Role }): Promise<void> {
  const { dataDir, username, role } = options
  const store = new AccountStore(accountsFilePath(dataDir))
  if (await store.get(username)) return
  await store.add({ username, displayName: `${username[0]!.toUpperCase()}${username.slice(1)}`, email: `${username}@watchio.example`, passwordHash: cheapHash(TEAM_PASSWORD), role })
}

/** A password hash in the stored format at a low cost (2^10): for tests that count attempts, not hashing. */
export function cheapHash(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 })
  return ['scrypt', 10, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** A server with a signed-in client for each role: the seeded admin, `ed` the editor and `alice` the author. */
export async function signedInTeam(): Promise<{ running: SignedInServer; as: Record<Role, ApiClient> }> {
  const running = await signedInServer()
  const people = { dataDir: running.site.dataDir, serverUrl: running.server.url }
  const editor = await addSignedInPerson({ ...people, username: 'ed', role: 'editor' })
  const author = await addSignedInPerson({ ...people, username: 'alice', role: 'author' })
  return { running, as: { admin: running.api, editor, author } }
}
