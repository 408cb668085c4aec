/**
 * The signed-in area's other routes against every role: a person's own settings (`/account`:
 * profile, password, sessions, passkeys, TOTP) answer every role alike, while people and site
 * settings answer admins only (403 for editors and authors). The probes are chosen to change
 * nothing that the next row needs (bad bodies, unknown ids): the status says whether the role
 * got past the gate (409: no TOTP to act on yet). As in roles-routes.test.ts, the table is checked against the routers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../core/contract/index.ts'
import type { ApiClient } from '../support/admin-client.ts'
import { accountAreaRouters, routesOf } from '../support/admin-routers.ts'
import type { SignedInServer } from '../support/signed-in-server.ts'
import { signedInTeam } from '../support/team-accounts.ts'

let running: SignedInServer
let as: Record<Role, ApiClient>

beforeAll(async () => {
  ;({ running, as } = await signedInTeam())
})

afterAll(() => running?.close())

type Row = { route: string; method: string; path: string; body?: unknown; admin: number; others: number }
const UNKNOWN = 'a'.repeat(22)

/** `others`: the editor's and the author's status; the same as the admin's for one's own settings. */
const ROWS: Row[] = [
  { route: 'GET /api/admin/account', method: 'GET', path: '/api/admin/account', admin: 200, others: 200 },
  { route: 'PUT /api/admin/account', method: 'PUT', path: '/api/admin/account', body: { email: 'not an e-mail' }, admin: 400, others: 400 },
  { route: 'POST /api/admin/account/password', method: 'POST', path: '/api/admin/account/password', body: {}, admin: 400, others: 400 },
  { route: 'GET /api/admin/account/sessions', method: 'GET', path: '/api/admin/account/sessions', admin: 200, others: 200 },
  { route: 'POST /api/admin/account/sessions/end-others', method: 'POST', path: '/api/admin/account/sessions/end-others', admin: 200, others: 200 },
  { route: 'DELETE /api/admin/account/sessions/:handle', method: 'DELETE', path: `/api/admin/account/sessions/${UNKNOWN}`, admin: 404, others: 404 },
  { route: 'GET /api/admin/account/passkeys', method: 'GET', path: '/api/admin/account/passkeys', admin: 200, others: 200 },
  { route: 'POST /api/admin/account/passkeys/options', method: 'POST', path: '/api/admin/account/passkeys/options', body: {}, admin: 200, others: 200 },
  { route: 'POST /api/admin/account/passkeys', method: 'POST', path: '/api/admin/account/passkeys', body: {}, admin: 400, others: 400 },
  { route: 'PATCH /api/admin/account/passkeys/:id', method: 'PATCH', path: `/api/admin/account/passkeys/${UNKNOWN}`, body: { name: 'Phone' }, admin: 404, others: 404 },
  { route: 'DELETE /api/admin/account/passkeys/:id', method: 'DELETE', path: `/api/admin/account/passkeys/${UNKNOWN}`, admin: 404, others: 404 },
  { route: 'GET /api/admin/account/totp', method: 'GET', path: '/api/admin/account/totp', admin: 200, others: 200 },
  { route: 'POST /api/admin/account/totp/setup', method: 'POST', path: '/api/admin/account/totp/setup', body: {}, admin: 200, others: 200 },
  { route: 'POST /api/admin/account/totp/confirm', method: 'POST', path: '/api/admin/account/totp/confirm', body: {}, admin: 400, others: 400 },
  { route: 'POST /api/admin/account/totp/recovery-codes', method: 'POST', path: '/api/admin/account/totp/recovery-codes', body: {}, admin: 409, others: 409 },
  { route: 'POST /api/admin/account/totp/disable', method: 'POST', path: '/api/admin/account/totp/disable', body: {}, admin: 409, others: 409 },
  { route: 'GET /api/admin/people/:username/sessions', method: 'GET', path: '/api/admin/people/nobody/sessions', admin: 404, others: 403 },
  { route: 'DELETE /api/admin/people/:username/sessions', method: 'DELETE', path: '/api/admin/people/nobody/sessions', admin: 404, others: 403 },
  { route: 'DELETE /api/admin/people/:username/sessions/:handle', method: 'DELETE', path: `/api/admin/people/nobody/sessions/${UNKNOWN}`, admin: 404, others: 403 },
  { route: 'GET /api/admin/people', method: 'GET', path: '/api/admin/people', admin: 200, others: 403 },
  { route: 'GET /api/admin/people/invitations', method: 'GET', path: '/api/admin/people/invitations', admin: 200, others: 403 },
  { route: 'POST /api/admin/people/invitations', method: 'POST', path: '/api/admin/people/invitations', body: {}, admin: 400, others: 403 },
  { route: 'DELETE /api/admin/people/invitations/:id', method: 'DELETE', path: `/api/admin/people/invitations/${UNKNOWN}`, admin: 404, others: 403 },
  { route: 'PATCH /api/admin/people/:username', method: 'PATCH', path: '/api/admin/people/nobody', body: { role: 'editor' }, admin: 404, others: 403 },
  { route: 'DELETE /api/admin/people/:username', method: 'DELETE', path: '/api/admin/people/nobody', admin: 404, others: 403 },
  { route: 'POST /api/admin/people/:username/reset-factors', method: 'POST', path: '/api/admin/people/nobody/reset-factors', body: {}, admin: 404, others: 403 },
  { route: 'GET /api/admin/settings/security', method: 'GET', path: '/api/admin/settings/security', admin: 200, others: 403 },
  { route: 'PUT /api/admin/settings/security', method: 'PUT', path: '/api/admin/settings/security', body: { requireSecondFactor: 'sometimes' }, admin: 400, others: 403 },
]

describe('role × route → status: own settings, people and site settings', () => {
  it('has a row for every route of those routers', () => {
    const routes = routesOf(accountAreaRouters()).map(({ method, path }) => `${method} ${path}`)
    expect(new Set(ROWS.map((row) => row.route))).toEqual(new Set(routes))
  })

  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_name, row) => {
    const answers: Record<Role, number> = { admin: 0, editor: 0, author: 0 }
    for (const role of ['admin', 'editor', 'author'] as const) answers[role] = (await as[role].json(row.method, row.path, row.body)).status
    expect(answers).toEqual({ admin: row.admin, editor: row.others, author: row.others })
  })
})
