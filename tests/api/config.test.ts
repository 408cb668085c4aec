import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT_TARGETS } from '../../core/redirect-targets.ts'
import { loadConfig } from '../../server/config.ts'
import { ConfigError } from '../../server/lib/errors.ts'

const root = path.resolve(import.meta.dirname, '../..')

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, root)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('settings', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, root)
    expect(config).toMatchObject({
      mode: 'production',
      port: 3000,
      host: '127.0.0.1',
      siteUrl: 'http://localhost:3000',
      contentDir: path.join(root, 'content'),
      trustProxy: false,
      trustProxyHops: 0,
      redirectTargets: DEFAULT_REDIRECT_TARGETS,
      dataDir: path.join(root, '.data'),
      sessionSecret: null,
      firstAdmin: {},
      role: 'writer',
      media: { maxBytes: 10 * 1024 * 1024, maxVideoBytes: 40 * 1024 * 1024, maxAudioBytes: 20 * 1024 * 1024, maxPixels: 50_000_000 },
    })
  })

  it('reads SITE_TIMEZONE, an IANA zone name (UTC by default)', () => {
    expect(loadConfig({}, root).timeZone).toBe('UTC')
    expect(loadConfig({ SITE_TIMEZONE: 'Europe/Berlin' }, root).timeZone).toBe('Europe/Berlin')
    const problems = problemsOf({ SITE_TIMEZONE: 'Mars/Olympus' })
    expect(problems).toEqual([expect.stringMatching(/^SITE_TIMEZONE="Mars\/Olympus": must be an IANA time zone name/)])
  })

  it('reads SITE_ROLE: writer by default; a replica needs GIT_REMOTE_URL and publishes nothing', () => {
    const remote = { GIT_REMOTE_URL: 'https://git.example/owner/site.git' }
    expect(loadConfig({ SITE_ROLE: 'writer' }, root).role).toBe('writer')
    expect(loadConfig({ SITE_ROLE: 'replica', ...remote }, root).role).toBe('replica')
    expect(problemsOf({ SITE_ROLE: 'reader' })).toEqual(['SITE_ROLE="reader": must be writer or replica'])
    expect(problemsOf({ SITE_ROLE: 'replica' })).toEqual([expect.stringMatching(/^SITE_ROLE=replica: needs GIT_REMOTE_URL/)])
    expect(problemsOf({ SITE_ROLE: 'replica', PUBLISH_MODE: 'review', ...remote })).toEqual([expect.stringMatching(/^SITE_ROLE=replica: PUBLISH_MODE=review has no effect/)])
  })

  it('reads the media library limits and checks them', () => {
    expect(loadConfig({ MEDIA_MAX_BYTES: '2097152', MEDIA_MAX_PIXELS: '1000000' }, root).media).toEqual({
      maxBytes: 2_097_152,
      maxVideoBytes: 40 * 1024 * 1024,
      maxAudioBytes: 20 * 1024 * 1024,
      maxPixels: 1_000_000,
    })
    expect(loadConfig({ MEDIA_MAX_VIDEO_BYTES: '104857600', MEDIA_MAX_AUDIO_BYTES: '1048576' }, root).media).toMatchObject({ maxVideoBytes: 104_857_600, maxAudioBytes: 1_048_576 })
    const problems = problemsOf({ MEDIA_MAX_BYTES: '10MB', MEDIA_MAX_PIXELS: '0', MEDIA_MAX_VIDEO_BYTES: '40 MB', MEDIA_MAX_AUDIO_BYTES: '3000000000' })
    expect(problems).toHaveLength(4)
    expect(problems.find((p) => p.startsWith('MEDIA_MAX_VIDEO_BYTES='))).toContain('whole number from 1 to 1073741824')
    expect(problems.find((p) => p.startsWith('MEDIA_MAX_AUDIO_BYTES='))).toContain('whole number from 1 to 1073741824')
    expect(problems.find((p) => p.startsWith('MEDIA_MAX_BYTES='))).toContain('whole number')
    expect(problems.find((p) => p.startsWith('MEDIA_MAX_PIXELS='))).toContain('whole number')
  })

  it('reads the admin settings and checks them', () => {
    const config = loadConfig(
      { DATA_DIR: '/tmp/watchio-data', SESSION_SECRET: 'x'.repeat(32), ADMIN_USERNAME: 'maria', ADMIN_PASSWORD: 'a long password' },
      root,
    )
    expect(config).toMatchObject({
      dataDir: '/tmp/watchio-data',
      sessionSecret: 'x'.repeat(32),
      firstAdmin: { username: 'maria', password: 'a long password' },
    })
    const problems = problemsOf({ DATA_DIR: 'content/data', SESSION_SECRET: 'short', ADMIN_USERNAME: 'maria' })
    expect(problems).toHaveLength(3)
    expect(problems.find((p) => p.startsWith('DATA_DIR='))).toContain('must not be inside CONTENT_DIR')
    // The secret itself is never echoed.
    expect(problems.find((p) => p.startsWith('SESSION_SECRET='))).toMatch(/at least 32 characters/)
    expect(problems.join('\n')).not.toContain('short')
    expect(problems.find((p) => p.startsWith('ADMIN_USERNAME'))).toContain('set both')
  })

  it('reads every variable', () => {
    const config = loadConfig(
      { PORT: '8080', HOST: '0.0.0.0', SITE_URL: 'https://watchio.app/', TRUST_PROXY: 'true', HELP_URL: 'https://help.example/x', NODE_ENV: 'development' },
      root,
    )
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', siteUrl: 'https://watchio.app', trustProxy: true, mode: 'development' })
    expect(config.redirectTargets.help).toBe('https://help.example/x')
  })

  it('names every wrong value, each with its reason, in one message', () => {
    const problems = problemsOf({
      PORT: '70000',
      SITE_URL: 'watchio.app',
      CONTENT_DIR: 'no/such/folder',
      TRUST_PROXY: 'maybe',
      FEEDBACK_URL: 'javascript:alert(1)',
    })
    expect(problems).toHaveLength(5)
    expect(problems.find((p) => p.startsWith('PORT='))).toContain('0 to 65535')
    expect(problems.find((p) => p.startsWith('SITE_URL='))).toContain('absolute URL')
    expect(problems.find((p) => p.startsWith('CONTENT_DIR='))).toContain('blog/')
    expect(problems.find((p) => p.startsWith('TRUST_PROXY='))).toContain('true or false')
    expect(problems.find((p) => p.startsWith('FEEDBACK_URL='))).toContain('http(s)')
  })

  it('trusts one proxy hop with TRUST_PROXY, TRUST_PROXY_HOPS more, and refuses hops without TRUST_PROXY', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }, root).trustProxyHops).toBe(1)
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }, root).trustProxyHops).toBe(2)
    expect(problemsOf({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' })[0]).toContain('1 to 10')
    expect(problemsOf({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: 'two' })[0]).toContain('1 to 10')
    expect(problemsOf({ TRUST_PROXY_HOPS: '2' })[0]).toContain('TRUST_PROXY=true')
  })

  it('refuses a SITE_URL with a path or credentials', () => {
    expect(problemsOf({ SITE_URL: 'https://watchio.app/blog' })).toHaveLength(1)
    expect(problemsOf({ SITE_URL: 'https://user:pw@watchio.app' })).toHaveLength(1)
    expect(problemsOf({ SITE_URL: 'ftp://watchio.app' })).toHaveLength(1)
  })
})
