/**
 * Rendering through vike leaves Node's async hooks off once the server build is loaded
 * (server/pages/vike-async-context.ts): with them on, every promise, tick and socket write of
 * the process calls into JavaScript. Against the real server build in dist/ (built by the API
 * tests' global setup).
 */
import { executionAsyncId } from 'node:async_hooks'
import path from 'node:path'
import { expect, it } from 'vitest'
import type { PublishedPosts } from '../../core/post.ts'
import { DEFAULT_REDIRECT_TARGETS } from '../../core/redirect-targets.ts'
import { loadServerBuild, renderWithVike } from '../../server/pages/render-page.ts'

const distDir = path.resolve(import.meta.dirname, '../../dist')
const settings = { siteUrl: 'https://hooks.example', redirectTargets: DEFAULT_REDIRECT_TARGETS }
const posts: PublishedPosts = { list: () => [], get: () => undefined }

/** A promise's reaction runs with an async id of its own only while async hooks track promises. */
async function promiseHooksOn(): Promise<boolean> {
  return (await Promise.resolve().then(() => executionAsyncId())) !== 0
}

it('renders pages through vike with async hooks off', async () => {
  expect(await promiseHooksOn()).toBe(false)
  expect(await loadServerBuild(distDir)).toBe(true)
  for (const url of ['/blog', '/no-such-page', '/']) {
    const page = await renderWithVike(url, posts, settings, 7)
    expect(page?.html).toContain('<!DOCTYPE html>')
  }
  expect(await promiseHooksOn()).toBe(false)
})
