import type { Middleware } from 'koa'

/**
 * A read replica's answer to its admin pages (`/admin`, `/admin/...`): it has no admin area, so
 * instead of the admin app (which would call an API that is not there) a short page says what
 * this server is. 404, not indexed, no script or style (the site's CSP holds as it is). Behind a
 * load balancer set up as docs/deployments-and-sync.md says, nobody sees it: `/admin` goes to the writer.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Read-only replica</title>
</head>
<body>
<h1>Read-only replica</h1>
<p>This server is a read-only replica of the Watchio website: it serves the public site and follows the content repository. It has no admin area; editors sign in on the writer.</p>
<p><a href="/">Go to the home page</a></p>
</body>
</html>
`

export const readOnlyReplicaPage: Middleware = async (ctx, next) => {
  if (ctx.path !== '/admin' && !ctx.path.startsWith('/admin/')) return next()
  ctx.status = 404
  ctx.type = 'text/html; charset=utf-8'
  ctx.set('Cache-Control', 'no-store')
  ctx.set('X-Robots-Tag', 'noindex')
  ctx.body = PAGE
}
