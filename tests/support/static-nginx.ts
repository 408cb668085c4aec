import { freePort, type RunningNginx, startNginx } from './nginx.ts'

export type StaticNginx = RunningNginx

/**
 * Debian's nginx serving a static export as docs/deployments-and-sync.md says to: a server block whose root is the
 * export and which includes the export's own nginx.conf. Nothing else in the config (startNginx
 * adds no mime.types): the export's snippet must be enough.
 */
export async function serveExportWithNginx(options: { root: string; port?: number }): Promise<StaticNginx> {
  const port = options.port ?? (await freePort())
  return startNginx({
    port,
    http: [`  server {`, `    listen 127.0.0.1:${port};`, `    root ${options.root};`, `    include ${options.root}/nginx.conf;`, `  }`].join('\n'),
  })
}
