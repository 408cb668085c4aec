import { describe, expect, it } from 'vitest'
import { canonicalPath, isUnderPrefix } from '../../server/http/canonical-path.ts'

describe('canonicalPath', () => {
  it('keeps a canonical path as it is, letter case and parameter escapes included', () => {
    expect(canonicalPath('/api/admin/blog/posts')).toBe('/api/admin/blog/posts')
    expect(canonicalPath('/API/Admin/x')).toBe('/API/Admin/x')
    expect(canonicalPath('/api/admin/media/a%20b')).toBe('/api/admin/media/a%20b')
    expect(canonicalPath('/')).toBe('/')
  })

  it.each([
    ['/api/admin/blog/posts/', '/api/admin/blog/posts'],
    ['//api//admin///blog/posts', '/api/admin/blog/posts'],
    ['/api/%61dmin/blog/post%73', '/api/admin/blog/posts'],
    ['/api/%41dmin', '/api/Admin'],
    ['/api/admin/./blog/posts', '/api/admin/blog/posts'],
    ['/api/x/../admin/blog/posts', '/api/admin/blog/posts'],
    ['/api/admin/blog/%2e%2e/blog/posts', '/api/admin/blog/posts'],
    ['/api/admin/blog/%2E/posts', '/api/admin/blog/posts'],
    ['/api\\admin\\blog\\posts', '/api/admin/blog/posts'],
    ['/api/admin/%7euser', '/api/admin/~user'],
  ])('%s is %s', (raw, canonical) => {
    expect(canonicalPath(raw)).toBe(canonical)
  })

  it('decodes escapes once: an escaped escape stays escaped', () => {
    expect(canonicalPath('/api/%252e%252e/admin')).toBe('/api/%252e%252e/admin')
  })

  it('leaves other escapes for the route to refuse: an encoded /, a NUL, a malformed escape', () => {
    for (const raw of ['/api/admin/blog/..%2f..%2fx', '/api/admin/media/%00', '/api/admin/%5Cblog', '/api/admin/x/%E0%A4%A']) expect(canonicalPath(raw)).toBe(raw)
  })

  it('never goes above the root', () => {
    expect(canonicalPath('/../api/admin')).toBe('/api/admin')
    expect(canonicalPath('/api/../../../admin/x')).toBe('/admin/x')
  })
})

describe('isUnderPrefix', () => {
  it('is the prefix or below it, in any letter case', () => {
    expect(isUnderPrefix('/api/admin', '/api/admin')).toBe(true)
    expect(isUnderPrefix('/API/ADMIN/BLOG', '/api/admin')).toBe(true)
    expect(isUnderPrefix('/api/administrator', '/api/admin')).toBe(false)
    expect(isUnderPrefix('/blog', '/api')).toBe(false)
  })
})
