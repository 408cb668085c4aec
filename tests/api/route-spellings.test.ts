/**
 * Every admin route in every spelling a client can send: other letter case, a trailing `/`, `//`,
 * percent-escapes, `.` and `..` segments, `\`. Nobody gets 401 from each of them; a signed-in
 * person gets from a spelling that means the same path exactly what the contract's spelling
 * answers them (their role's checks included), and from another letter case a 404: no spelling
 * reaches a route without its checks. The routes come from the routers themselves, so a route
 * added later is covered without a new row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Role } from '../../core/contract/index.ts'
import type { ApiClient } from '../support/admin-client.ts'
import { accountAreaRouters, contentRouters, routesOf } from '../support/admin-routers.ts'
import { rawRequest } from '../support/raw-http.ts'
import type { SignedInServer } from '../support/signed-in-server.ts'
import { signedInTeam } from '../support/team-accounts.ts'

let running: SignedInServer
let as: Record<Role, ApiClient>

beforeAll(async () => {
  ;({ running, as } = await signedInTeam())
})

afterAll(() => running?.close())

/** Values for the routes' parameters that name nothing: a call that passes the checks changes nothing. */
const PARAMS: Record<string, string> = { id: 'zz9zz9zz', commit: '0'.repeat(40), name: 'nosuchpage', username: 'nobody', handle: 'a'.repeat(22) }

const ROUTES = routesOf([...contentRouters(), ...accountAreaRouters()]).map(({ method, path }) => ({ method, path: path.replace(/:(\w+)/g, (_, name: string) => PARAMS[name]!) }))

/** Spellings of the same path, which the server brings to the contract's before routing. */
function sameSpellings(path: string): string[] {
  const last = path.lastIndexOf('/')
  return [
    `${path}/`,
    `/${path}`,
    path.replace('/api/admin/', '/api//admin//'),
    path.replace('/api/admin', '/api/%61dmin'),
    `${path.slice(0, last + 1)}%${path.charCodeAt(last + 1).toString(16)}${path.slice(last + 2)}`,
    path.replace('/api/admin/', '/api/admin/./'),
    path.replace('/api/admin/', '/api/x/../admin/'),
    path.replace('/api/admin/', '/api/admin/%2e%2e/admin/'),
    `/${path.slice(1).replaceAll('/', '\\')}`,
  ]
}

/** Spellings in other letter case (of the route's words, not its parameters): no route of the contract. */
function otherCases(path: string): string[] {
  const word = '/api/admin/'.length
  return [path.toUpperCase(), path.replace('/api/admin', '/Api/Admin'), `${path.slice(0, word)}${path[word]!.toUpperCase()}${path.slice(word + 1)}`]
}

async function send(method: string, path: string, cookie?: string): Promise<number> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}'
  return (await rawRequest(running.server.url, { method, path, headers, body })).status
}

describe('every spelling of every admin route', () => {
  it('finds the routes of every admin router', () => {
    expect(ROUTES.length).toBeGreaterThan(50)
    expect(ROUTES).toContainEqual({ method: 'PUT', path: '/api/admin/settings/security' })
  })

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('nobody: 401 for %s in every spelling', async (_name, route) => {
    const answers = new Map<string, number>()
    for (const path of [route.path, ...sameSpellings(route.path), ...otherCases(route.path)]) answers.set(path, await send(route.method, path))
    expect([...answers].filter(([, status]) => status !== 401)).toEqual([])
  })

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('each role: %s answers in every spelling as in the contract’s, or 404', async (_name, route) => {
    for (const role of ['author', 'editor', 'admin'] as const) {
      const cookie = as[role].cookieHeader
      const canonical = await send(route.method, route.path, cookie)
      expect(canonical, `${role}: ${route.method} ${route.path}`).not.toBe(401)
      const answers = new Map<string, number>()
      for (const path of sameSpellings(route.path)) answers.set(path, await send(route.method, path, cookie))
      expect(Object.fromEntries(answers), role).toEqual(Object.fromEntries([...answers.keys()].map((path) => [path, canonical])))
      for (const path of otherCases(route.path)) expect(await send(route.method, path, cookie), `${role}: ${route.method} ${path}`).toBe(404)
    }
  })

  it('answers a path whose escapes name nothing with 404, never 500 (401 for nobody)', async () => {
    for (const path of ['/api/admin/blog/posts/..%2f..%2fx', '/api/admin/blog/posts/%00', '/api/admin/blog/posts/%E0%A4%A', '/api/admin/media/%2e%2e']) {
      expect(await send('GET', path), path).toBe(401)
      expect(await send('GET', path, as.admin.cookieHeader), path).toBe(404)
    }
  })

  it('turns off nobody’s two-step rule in no spelling', async () => {
    for (const path of ['/API/ADMIN/SETTINGS/SECURITY', '/api/admin/settings/security/', '/api/admin/settings/%73ecurity']) {
      const answer = await rawRequest(running.server.url, { method: 'PUT', path, headers: { 'Content-Type': 'application/json' }, body: '{"requireSecondFactor":false}' })
      expect(answer.status).toBe(401)
    }
  })
})
