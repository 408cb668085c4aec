import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT_TARGETS, loadConfig } from '../../server/config.ts'
import { ConfigError } from '../../server/errors.ts'

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
      redirectTargets: DEFAULT_REDIRECT_TARGETS,
    })
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

  it('refuses a SITE_URL with a path or credentials', () => {
    expect(problemsOf({ SITE_URL: 'https://watchio.app/blog' })).toHaveLength(1)
    expect(problemsOf({ SITE_URL: 'https://user:pw@watchio.app' })).toHaveLength(1)
    expect(problemsOf({ SITE_URL: 'ftp://watchio.app' })).toHaveLength(1)
  })
})
