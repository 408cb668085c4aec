import { describe, expect, it } from 'vitest'
import { contentSyncSettings } from '../../core/contract/settings/index.ts'
import { contentSyncConfigOf } from '../../server/config-content-sync.ts'
import { readSettings } from '../../server/read-settings.ts'

const read = (env: Record<string, string>) => {
  const problems: string[] = []
  // These settings alone, as loadConfig reads them with the others.
  const config = contentSyncConfigOf(readSettings(contentSyncSettings, env, problems))
  return { config, problems }
}

describe('GIT_* settings', () => {
  it('are off without GIT_REMOTE_URL, and then every other GIT_* setting is a mistake', () => {
    expect(read({})).toEqual({ config: null, problems: [] })
    const { problems } = read({ GIT_TOKEN: 'secret-token-value', GIT_WEBHOOK_SECRET: 'x'.repeat(20), GIT_SYNC_INTERVAL: '5' })
    expect(problems).toEqual([
      'GIT_TOKEN: has no effect without GIT_REMOTE_URL (set both, or neither)',
      'GIT_SYNC_INTERVAL: has no effect without GIT_REMOTE_URL (set both, or neither)',
      'GIT_WEBHOOK_SECRET: has no effect without GIT_REMOTE_URL (set both, or neither)',
    ])
    expect(problems.join('\n')).not.toContain('secret-token-value')
  })

  it('have defaults: the current branch, a 60 s interval, a token user name', () => {
    expect(read({ GIT_REMOTE_URL: 'https://github.com/owner/site.git/' })).toEqual({
      config: {
        remoteUrl: 'https://github.com/owner/site.git',
        remoteBranch: null,
        username: null,
        token: null,
        intervalSeconds: 60,
        webhookSecret: null,
        publishMode: 'direct',
      },
      problems: [],
    })
    expect(read({ GIT_REMOTE_URL: 'https://git.example/site.git', GIT_TOKEN: 'abc123', GIT_SYNC_INTERVAL: '0', GIT_REMOTE_BRANCH: 'content/live' }).config).toMatchObject({
      username: 'x-access-token',
      token: 'abc123',
      intervalSeconds: 0,
      remoteBranch: 'content/live',
    })
  })

  it('name each wrong value, never echoing a token, a secret or a password in a URL', () => {
    const { config, problems } = read({
      GIT_REMOTE_URL: 'https://bot:hunter2-password@github.com/owner/site.git',
      GIT_REMOTE_BRANCH: 'main..old',
      GIT_USERNAME: 'a:b',
      GIT_TOKEN: 'has space inside',
      GIT_SYNC_INTERVAL: '1.5',
      GIT_WEBHOOK_SECRET: 'short-secret',
    })
    expect(config).not.toBeNull()
    expect(problems).toHaveLength(6)
    expect(problems[0]).toBe('GIT_REMOTE_URL="https://***:***@github.com/owner/site.git": must not hold credentials: put them in GIT_USERNAME and GIT_TOKEN')
    expect(problems.find((p) => p.startsWith('GIT_REMOTE_BRANCH='))).toMatch(/must be a branch name/)
    expect(problems.find((p) => p.startsWith('GIT_USERNAME='))).toMatch(/must not contain ':'/)
    expect(problems.find((p) => p.startsWith('GIT_TOKEN='))).toBe('GIT_TOKEN=…: must be one word, without spaces or control characters')
    expect(problems.find((p) => p.startsWith('GIT_SYNC_INTERVAL='))).toMatch(/whole number of seconds from 0/)
    expect(problems.find((p) => p.startsWith('GIT_WEBHOOK_SECRET='))).toMatch(/at least 16 characters/)
    const text = problems.join('\n')
    for (const secret of ['hunter2-password', 'has space inside', 'short-secret']) expect(text).not.toContain(secret)
  })

  it('read PUBLISH_MODE: direct by default, review only with a remote', () => {
    expect(read({ GIT_REMOTE_URL: 'https://github.com/o/s.git', PUBLISH_MODE: 'review' }).config?.publishMode).toBe('review')
    expect(read({ PUBLISH_MODE: 'direct' })).toEqual({ config: null, problems: [] })
    expect(read({ PUBLISH_MODE: 'review' }).problems).toEqual([
      'PUBLISH_MODE=review: needs GIT_REMOTE_URL (review branches are pushed there for pull requests)',
    ])
    expect(read({ GIT_REMOTE_URL: 'https://github.com/o/s.git', PUBLISH_MODE: 'draft' }).problems).toEqual(['PUBLISH_MODE="draft": must be direct or review'])
  })

  it('refuse ssh and other schemes, and a user name without a token', () => {
    expect(read({ GIT_REMOTE_URL: 'git@github.com:owner/site.git' }).problems).toEqual([
      'GIT_REMOTE_URL: must be an absolute http(s) URL such as https://github.com/owner/site.git',
    ])
    expect(read({ GIT_REMOTE_URL: 'ssh://git@github.com/owner/site.git' }).problems[0]).toMatch(/must be an http\(s\) URL/)
    expect(read({ GIT_REMOTE_URL: 'https://github.com/o/s.git', GIT_USERNAME: 'bot' }).problems).toEqual([
      'GIT_USERNAME: needs GIT_TOKEN (a user name alone authenticates nothing)',
    ])
    for (const branch of ['-main', 'a/.hidden', 'x.lock', 'a b', 'main/']) {
      expect(read({ GIT_REMOTE_URL: 'https://github.com/o/s.git', GIT_REMOTE_BRANCH: branch }).problems, branch).toHaveLength(1)
    }
  })
})
