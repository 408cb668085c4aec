import type { Middleware } from 'koa'
import { describe, expect, it } from 'vitest'
import { apiRouter } from '../../server/http/api-router.ts'

describe('apiRouter', () => {
  it('puts its checks in front of every route, whatever the method', () => {
    const check: Middleware = (_ctx, next) => next()
    const handler: Middleware = () => {}
    const router = apiRouter({ prefix: '/api/admin', checks: [check] })
    router.get('/a', handler)
    router.post('/b', handler, handler)
    router.put('/c/:id', handler)
    router.patch('/d', handler)
    router.delete('/e', handler)
    const routes = router.stack.filter((layer) => layer.methods.length > 0)
    expect(routes).toHaveLength(5)
    for (const layer of routes) expect(layer.stack[0]).toBe(check)
  })

  it('matches the letter case the route is written in, and no other', () => {
    const router = apiRouter({ prefix: '/api/admin' })
    router.get('/blog/posts', () => {})
    const [layer] = router.stack
    expect(layer!.match('/api/admin/blog/posts')).toBe(true)
    expect(layer!.match('/API/ADMIN/BLOG/POSTS')).toBe(false)
    expect(layer!.match('/api/admin/Blog/posts')).toBe(false)
  })
})
