import { execFileSync } from 'node:child_process'
import { compareInTurns, type LoadRun, median, type Peer } from './cpu-per-request.ts'
import { BROWSER_HEADERS } from './measure-server.ts'
import { capture, startNginxPeer } from './nginx-peer.ts'

/** What each served path is, with its target against nginx (requests per server CPU-second). */
export const SERVED = [
  { key: 'page', name: 'post page', target: 0.5 },
  { key: 'post', name: "one post's JSON", target: 0.5 },
  { key: 'list', name: 'list JSON', target: 0.9 },
] as const

export interface ServingFigures {
  key: (typeof SERVED)[number]['key']
  path: string
  /** The bytes both served: the compressed body and how. */
  bodyBytes: number
  contentEncoding: string
  oursPerCpuSecond: number
  nginxPerCpuSecond: number
  /** ours / nginx, of the medians. */
  ratio: number
  failures: number
  runs: Record<string, LoadRun[]>
}

/**
 * Our server against nginx serving the very bytes our server sent for the same three paths
 * (captured from it with the browser's Accept-Encoding, headers copied), each server pinned
 * to `serverCpu` (ours is pinned here, with all its threads), wrk to `clientCpu`, in turns.
 */
export async function compareWithNginx(options: {
  ours: Peer
  slug: string
  wrk: string
  connections: number
  duration: number
  warmup: number
  runs: number
  serverCpu: number
  clientCpu: number
  log: (message: string) => void
}): Promise<ServingFigures[]> {
  const paths: Record<ServingFigures['key'], string> = {
    page: `/blog/${options.slug}`,
    post: `/api/blog/posts/${options.slug}`,
    list: '/api/blog/posts',
  }
  const answers = await Promise.all(SERVED.map(({ key }) => capture(`${options.ours.url}${paths[key]}`, BROWSER_HEADERS)))
  execFileSync('taskset', ['-a', '-cp', String(options.serverCpu), String(options.ours.pid)], { stdio: 'ignore' })
  const nginx = await startNginxPeer({ answers, cpu: options.serverCpu })
  try {
    // Same bytes, or the comparison means nothing.
    for (const answer of answers) {
      const again = await capture(`${nginx.url}${answer.path}`, BROWSER_HEADERS)
      if (!again.body.equals(answer.body) || again.headers['content-encoding'] !== answer.headers['content-encoding']) {
        throw new Error(
          `nginx does not send the bytes our server sent for ${answer.path}: ${again.status}, ${again.body.length} bytes ` +
            `${again.headers['content-encoding'] ?? 'identity'}; ours ${answer.body.length} bytes ${answer.headers['content-encoding'] ?? 'identity'}`,
        )
      }
    }
    const peers: Peer[] = [options.ours, { name: 'nginx', pid: nginx.pid, url: nginx.url }]
    const figures: ServingFigures[] = []
    for (const [i, { key }] of SERVED.entries()) {
      const answer = answers[i]!
      const { runs } = await compareInTurns({ ...options, peers, path: answer.path, cpu: options.clientCpu })
      const perCpu = (name: string) => median(runs[name]!.map((run) => run.requestsPerCpuSecond))
      const oursPerCpuSecond = perCpu(options.ours.name)
      const nginxPerCpuSecond = perCpu('nginx')
      figures.push({
        key,
        path: answer.path,
        bodyBytes: answer.body.length,
        contentEncoding: answer.headers['content-encoding'] ?? 'identity',
        oursPerCpuSecond,
        nginxPerCpuSecond,
        ratio: oursPerCpuSecond / nginxPerCpuSecond,
        failures: Object.values(runs).flat().reduce((sum, run) => sum + run.failures, 0),
        runs,
      })
    }
    return figures
  } finally {
    await nginx.stop()
  }
}
