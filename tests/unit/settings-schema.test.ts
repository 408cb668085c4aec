/**
 * The settings' schema (core/contract/settings/): for every setting, a right value read as
 * meant, a wrong one refused with a message that names it, and its default; then the rules
 * between settings. Read as the server reads them (server/read-settings.ts), short of the
 * folders, which loadConfig checks on disk (tests/api/config.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { type Env, type Settings, settingsSchema, settingsShape } from '../../core/contract/settings/index.ts'
import { readSettings } from '../../server/read-settings.ts'

function read(env: Env): { settings: Settings; problems: string[] } {
  const problems: string[] = []
  return { settings: readSettings(settingsSchema, env, problems), problems }
}

const REMOTE = { GIT_REMOTE_URL: 'https://github.com/owner/site.git' }
const SMTP = { SMTP_URL: 'smtp://mail.example.com' }

type Name = keyof typeof settingsShape

interface Case {
  /** Other settings a value needs, for the rules between settings. */
  with?: Env
  /** A right value, as set, and as read. */
  right: [string, unknown]
  /** A wrong value, and its whole message. */
  wrong?: [string, string]
  /** Unset (undefined: none, or one that follows from other settings). */
  default: unknown
}

const CASES: Record<Name, Case> = {
  NODE_ENV: { right: ['development', 'development'], default: 'production' },
  PORT: { right: ['8080', 8080], wrong: ['70000', 'PORT="70000": must be a whole number from 0 to 65535'], default: 3000 },
  HOST: { right: [' 0.0.0.0 ', '0.0.0.0'], default: '127.0.0.1' },
  TRUST_PROXY: { right: ['yes', true], wrong: ['maybe', 'TRUST_PROXY="maybe": must be true or false'], default: false },
  TRUST_PROXY_HOPS: {
    with: { TRUST_PROXY: 'true' },
    right: ['2', 2],
    wrong: ['11', 'TRUST_PROXY_HOPS="11": must be a whole number from 1 to 10'],
    default: undefined,
  },
  SITE_URL: {
    right: ['https://watchio.app/', 'https://watchio.app'],
    wrong: ['https://watchio.app/blog', 'SITE_URL="https://watchio.app/blog": must be an origin only (no path, query or credentials), such as https://watchio.app'],
    default: undefined,
  },
  CONTENT_DIR: { right: ['site/content', 'site/content'], default: 'content' },
  FEEDBACK_URL: {
    right: ['https://feedback.example/x', 'https://feedback.example/x'],
    wrong: [' javascript:alert(1) ', 'FEEDBACK_URL="javascript:alert(1)": must be an absolute http(s) URL'],
    default: 'https://feedback.watchio.app',
  },
  DISCORD_URL: {
    right: ['https://discord.gg/other', 'https://discord.gg/other'],
    wrong: ['discord.gg/other', 'DISCORD_URL="discord.gg/other": must be an absolute http(s) URL'],
    default: 'https://discord.gg/watchio',
  },
  HELP_URL: {
    right: ['http://help.example', 'http://help.example'],
    wrong: ['https://user:pw@help.example', 'HELP_URL="https://user:pw@help.example": must be an absolute http(s) URL'],
    default: 'https://help.watchio.app',
  },
  IPTV_ACCOUNT_URL: {
    right: ['https://iptv.example', 'https://iptv.example'],
    wrong: ['mailto:iptv@example.com', 'IPTV_ACCOUNT_URL="mailto:iptv@example.com": must be an absolute http(s) URL'],
    default: 'https://iptv-account.watchio.app',
  },
  DATA_DIR: { right: ['/var/lib/watchio', '/var/lib/watchio'], default: '.data' },
  SESSION_SECRET: {
    right: ['x'.repeat(32), 'x'.repeat(32)],
    wrong: ['short', 'SESSION_SECRET="…": must be at least 32 characters (try: openssl rand -hex 32)'],
    default: undefined,
  },
  ADMIN_USERNAME: {
    with: { ADMIN_PASSWORD: 'a long password' },
    right: [' maria ', 'maria'],
    default: undefined,
  },
  ADMIN_PASSWORD: {
    with: { ADMIN_USERNAME: 'maria' },
    right: [' a long password ', ' a long password '],
    default: undefined,
  },
  SITE_ROLE: { with: REMOTE, right: ['replica', 'replica'], wrong: [' reader ', 'SITE_ROLE=" reader ": must be writer or replica'], default: 'writer' },
  SITE_TIMEZONE: {
    right: ['Europe/Berlin', 'Europe/Berlin'],
    wrong: ['Mars/Olympus', 'SITE_TIMEZONE="Mars/Olympus": must be an IANA time zone name, such as UTC, Europe/Berlin or America/New_York'],
    default: 'UTC',
  },
  MEDIA_MAX_BYTES: { right: ['2097152', 2_097_152], wrong: ['10MB', 'MEDIA_MAX_BYTES="10MB": must be a whole number from 1 to 1073741824'], default: 10 * 1024 * 1024 },
  MEDIA_MAX_VIDEO_BYTES: { right: ['104857600', 104_857_600], wrong: ['1e9', 'MEDIA_MAX_VIDEO_BYTES="1e9": must be a whole number from 1 to 1073741824'], default: 40 * 1024 * 1024 },
  MEDIA_MAX_AUDIO_BYTES: { right: ['1048576', 1_048_576], wrong: ['-1', 'MEDIA_MAX_AUDIO_BYTES="-1": must be a whole number from 1 to 1073741824'], default: 20 * 1024 * 1024 },
  MEDIA_MAX_PIXELS: { right: ['1000000', 1_000_000], wrong: ['0', 'MEDIA_MAX_PIXELS="0": must be a whole number from 1 to 1000000000'], default: 50_000_000 },
  BUILD_WORKERS: { right: ['0', 0], wrong: ['17', 'BUILD_WORKERS="17": must be a whole number from 0 to 16'], default: undefined },
  LINK_DETAILS_FETCH: { right: ['off', false], wrong: ['never', 'LINK_DETAILS_FETCH="never": must be true or false'], default: true },
  LINK_DETAILS_ALLOW_HOSTS: {
    right: [' 127.0.0.1:4000, [::1]:80,Localhost:8080 ', ['127.0.0.1:4000', '[::1]:80', 'localhost:8080']],
    wrong: ['127.0.0.1', 'LINK_DETAILS_ALLOW_HOSTS="127.0.0.1": must be host:port entries separated by commas, such as 127.0.0.1:4000'],
    default: undefined,
  },
  PUBLISH_MODE: { with: REMOTE, right: ['review', 'review'], wrong: [' draft ', 'PUBLISH_MODE="draft": must be direct or review'], default: 'direct' },
  GIT_REMOTE_URL: {
    right: ['https://github.com/owner/site.git/', 'https://github.com/owner/site.git'],
    wrong: ['ssh://git@github.com/owner/site.git', `GIT_REMOTE_URL="ssh://***@github.com/owner/site.git": must be an http(s) URL (the server speaks git's smart HTTP; ssh is not supported)`],
    default: undefined,
  },
  GIT_REMOTE_BRANCH: {
    with: REMOTE,
    right: [' content/live ', 'content/live'],
    wrong: ['main..old', 'GIT_REMOTE_BRANCH="main..old": must be a branch name such as main (letters, digits, . _ - /)'],
    default: undefined,
  },
  GIT_TOKEN: { with: REMOTE, right: ['abc123', 'abc123'], wrong: ['has space', 'GIT_TOKEN=…: must be one word, without spaces or control characters'], default: undefined },
  GIT_USERNAME: {
    with: { ...REMOTE, GIT_TOKEN: 'abc123' },
    right: ['bot', 'bot'],
    wrong: ['a:b', `GIT_USERNAME="a:b": must not contain ':' or control characters`],
    default: undefined,
  },
  GIT_SYNC_INTERVAL: {
    with: REMOTE,
    right: ['0', 0],
    wrong: ['1.5', 'GIT_SYNC_INTERVAL="1.5": must be a whole number of seconds from 0 (no polling) to 86400'],
    default: undefined,
  },
  GIT_WEBHOOK_SECRET: {
    with: REMOTE,
    right: ['x'.repeat(16), 'x'.repeat(16)],
    wrong: ['short-secret', 'GIT_WEBHOOK_SECRET=…: must be at least 16 characters (try: openssl rand -hex 32)'],
    default: undefined,
  },
  SMTP_URL: {
    right: ['smtp://user:pass@mail.example.com:587', 'smtp://user:pass@mail.example.com:587'],
    wrong: ['http://user:hunter22@mail.example.com', 'SMTP_URL="http://user:***@mail.example.com/": must start with smtp:// or smtps://'],
    default: undefined,
  },
  MAIL_FROM: {
    with: SMTP,
    right: ['Watchio <team@watchio.example>', 'Watchio <team@watchio.example>'],
    wrong: ['nobody', 'MAIL_FROM="nobody": must be an address, or a name and an address: Watchio <no-reply@example.com>'],
    default: undefined,
  },
}

const NAMES = Object.keys(settingsShape) as Name[]

describe('the settings schema', () => {
  it('has a case here for every setting', () => {
    expect(Object.keys(CASES).sort()).toEqual([...NAMES].sort())
  })

  it.each(NAMES)('%s: a right value is read as meant', (name) => {
    const { with: other = {}, right } = CASES[name]
    const { settings, problems } = read({ ...other, [name]: right[0] })
    expect(problems).toEqual([])
    expect(settings[name]).toEqual(right[1])
  })

  it.each(NAMES.filter((name) => CASES[name].wrong))('%s: a wrong value is refused with a message that names it', (name) => {
    const { with: other = {}, wrong } = CASES[name]
    expect(read({ ...other, [name]: wrong![0] }).problems).toEqual([wrong![1]])
  })

  it.each(NAMES)('%s: unset or empty, its default applies', (name) => {
    const { with: other = {} } = CASES[name]
    for (const unset of [undefined, '']) expect(read({ ...other, [name]: unset }).settings[name]).toEqual(CASES[name].default)
  })

  it('reads a blank value as unset, but a blank secret or password as set', () => {
    const blank = Object.fromEntries(NAMES.map((name) => [name, '  ']))
    const { settings, problems } = read(blank)
    expect(problems).toEqual([
      'SESSION_SECRET="…": must be at least 32 characters (try: openssl rand -hex 32)',
      'ADMIN_USERNAME and ADMIN_PASSWORD: set both to seed the first admin account, or neither',
    ])
    expect(settings.ADMIN_PASSWORD).toBe('  ')
    const unset = read({ SESSION_SECRET: '', ADMIN_PASSWORD: '' })
    expect(unset.problems).toEqual([])
    expect(unset.settings).toEqual(read({}).settings)
  })

  it('never shows a secret, a token or the password in a URL', () => {
    const { problems } = read({
      SESSION_SECRET: 'secret-one',
      GIT_REMOTE_URL: 'https://bot:hunter2-password@github.com/owner/site.git',
      GIT_TOKEN: 'token with spaces',
      GIT_WEBHOOK_SECRET: 'secret-two',
      SMTP_URL: 'http://user:hunter22@mail.example.com',
    })
    expect(problems).toHaveLength(5)
    expect(problems).toContain('GIT_REMOTE_URL="https://***:***@github.com/owner/site.git": must not hold credentials: put them in GIT_USERNAME and GIT_TOKEN')
    for (const secret of ['secret-one', 'hunter2-password', 'token with spaces', 'secret-two', 'hunter22']) expect(problems.join('\n')).not.toContain(secret)
  })

  it('names each of a URL setting’s mistakes', () => {
    expect(read({ GIT_REMOTE_URL: 'git@github.com:owner/site.git' }).problems).toEqual(['GIT_REMOTE_URL: must be an absolute http(s) URL such as https://github.com/owner/site.git'])
    expect(read({ GIT_REMOTE_URL: 'https://github.com/o/s.git?x=1' }).problems).toEqual(['GIT_REMOTE_URL="https://github.com/o/s.git?x=1": must be a repository URL without ?query or #fragment'])
    expect(read({ SMTP_URL: 'not a url' }).problems).toEqual(['SMTP_URL: must be a URL such as smtp://user:password@mail.example.com:587'])
    expect(read({ SMTP_URL: 'smtp://' }).problems).toEqual(['SMTP_URL="smtp://": names no host'])
    expect(read({ SITE_URL: 'watchio.app' }).problems).toEqual(['SITE_URL="watchio.app": must be an absolute URL such as https://watchio.app'])
    expect(read({ SITE_URL: 'ftp://watchio.app' }).problems).toEqual(['SITE_URL="ftp://watchio.app": must start with http:// or https://'])
  })
})

describe('the rules between settings', () => {
  it('count TRUST_PROXY_HOPS only with TRUST_PROXY', () => {
    expect(read({ TRUST_PROXY_HOPS: '2' }).problems).toEqual(['TRUST_PROXY_HOPS="2": counts only with TRUST_PROXY=true'])
    expect(read({ TRUST_PROXY: 'false', TRUST_PROXY_HOPS: '2' }).problems).toEqual(['TRUST_PROXY_HOPS="2": counts only with TRUST_PROXY=true'])
  })

  it('allow link-details hosts only while link details are fetched', () => {
    expect(read({ LINK_DETAILS_FETCH: 'off', LINK_DETAILS_ALLOW_HOSTS: '127.0.0.1:4000' }).problems).toEqual(['LINK_DETAILS_ALLOW_HOSTS: has no effect with LINK_DETAILS_FETCH=off'])
    expect(read({ LINK_DETAILS_ALLOW_HOSTS: 'example.com:81, 10.0.0.2:80' }).settings.LINK_DETAILS_ALLOW_HOSTS).toEqual(['example.com:81', '10.0.0.2:80'])
    for (const wrong of ['127.0.0.1:0', '127.0.0.1:70000', 'http://127.0.0.1:4000', '[::0:1]:4000', 'a b:80', ',']) {
      expect(read({ LINK_DETAILS_ALLOW_HOSTS: wrong }).problems, wrong).toHaveLength(1)
    }
  })

  it('seed the first admin with both ADMIN_USERNAME and ADMIN_PASSWORD, or neither', () => {
    for (const env of [{ ADMIN_USERNAME: 'maria' }, { ADMIN_PASSWORD: 'a long password' }]) {
      expect(read(env).problems).toEqual(['ADMIN_USERNAME and ADMIN_PASSWORD: set both to seed the first admin account, or neither'])
    }
  })

  it('count every GIT_* setting and review mode only with GIT_REMOTE_URL', () => {
    const { problems } = read({
      GIT_WEBHOOK_SECRET: 'x'.repeat(16),
      GIT_SYNC_INTERVAL: '5',
      GIT_TOKEN: 'abc123',
      GIT_USERNAME: 'bot',
      GIT_REMOTE_BRANCH: 'main',
      PUBLISH_MODE: 'review',
    })
    expect(problems).toEqual([
      'PUBLISH_MODE=review: needs GIT_REMOTE_URL (review branches are pushed there for pull requests)',
      'GIT_REMOTE_BRANCH: has no effect without GIT_REMOTE_URL (set both, or neither)',
      'GIT_TOKEN: has no effect without GIT_REMOTE_URL (set both, or neither)',
      'GIT_USERNAME: has no effect without GIT_REMOTE_URL (set both, or neither)',
      'GIT_SYNC_INTERVAL: has no effect without GIT_REMOTE_URL (set both, or neither)',
      'GIT_WEBHOOK_SECRET: has no effect without GIT_REMOTE_URL (set both, or neither)',
    ])
  })

  it('need GIT_TOKEN beside GIT_USERNAME', () => {
    expect(read({ ...REMOTE, GIT_USERNAME: 'bot' }).problems).toEqual(['GIT_USERNAME: needs GIT_TOKEN (a user name alone authenticates nothing)'])
  })

  it('count MAIL_FROM only with SMTP_URL', () => {
    expect(read({ MAIL_FROM: 'team@watchio.example' }).problems).toEqual(['MAIL_FROM: has no effect without SMTP_URL (set both, or neither)'])
  })

  it('give a replica a remote to follow, and no review mode', () => {
    expect(read({ SITE_ROLE: 'replica' }).problems).toEqual(['SITE_ROLE=replica: needs GIT_REMOTE_URL (the remote a replica follows, the one the writer pushes to)'])
    expect(read({ SITE_ROLE: 'replica', PUBLISH_MODE: 'review', ...REMOTE }).problems).toEqual([
      'SITE_ROLE=replica: PUBLISH_MODE=review has no effect on a replica (it publishes nothing): set it on the writer only',
    ])
  })

  it('run even when a setting broke its own rule, so one start names every wrong value', () => {
    expect(read({ TRUST_PROXY: 'maybe', TRUST_PROXY_HOPS: '2', GIT_REMOTE_URL: 'ssh://github.com/o/s.git', GIT_USERNAME: 'bot' }).problems).toEqual([
      'TRUST_PROXY="maybe": must be true or false',
      'TRUST_PROXY_HOPS="2": counts only with TRUST_PROXY=true',
      `GIT_REMOTE_URL="ssh://github.com/o/s.git": must be an http(s) URL (the server speaks git's smart HTTP; ssh is not supported)`,
      'GIT_USERNAME: needs GIT_TOKEN (a user name alone authenticates nothing)',
    ])
  })
})
