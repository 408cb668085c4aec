/** Git as a maintainer runs it by hand: isolated from this machine's configuration. */
export const MAINTAINER_GIT_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Maintainer',
  GIT_AUTHOR_EMAIL: 'maintainer@example.com',
  GIT_COMMITTER_NAME: 'Maintainer',
  GIT_COMMITTER_EMAIL: 'maintainer@example.com',
}
