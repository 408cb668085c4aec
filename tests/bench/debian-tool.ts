import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * The peers the bench compares with are Debian's own packages (hugo, nginx-light, wrk), so
 * the figures are reproducible on any Debian machine: installed with apt-get when missing.
 * Returns the binary's path.
 */
export function ensureDebianTool(binary: string, pkg: string, log: (message: string) => void): string {
  const found = ['/usr/bin', '/usr/sbin'].map((dir) => `${dir}/${binary}`).find((file) => existsSync(file))
  if (found) return found
  log(`${binary} is missing: apt-get install ${pkg}…`)
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'inherit' })
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { env, stdio: 'inherit' })
  const installed = ['/usr/bin', '/usr/sbin'].map((dir) => `${dir}/${binary}`).find((file) => existsSync(file))
  if (!installed) throw new Error(`apt-get install ${pkg} did not provide ${binary}`)
  return installed
}

/** The first line `<binary> <args>` prints (its version; nginx prints it on stderr), for the report. */
export function versionOf(binary: string, args: string[]): string {
  const result = spawnSync(binary, args, { encoding: 'utf8' })
  return `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n')[0] ?? ''
}
