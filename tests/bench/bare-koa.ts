/**
 * Reference server for the benchmark: bare Koa answering every request with bytes read
 * once at start (the API list exactly as the app sent it, already compressed). What it
 * costs per request is the floor for any Koa app on this machine at this moment, so the
 * app's own overhead is the difference. Started by blog-bench.ts as a child process:
 * `node --import tsx bare-koa.ts <body file> <content-type> <content-encoding>`.
 */
import Koa from 'koa'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'

const [file, type, encoding] = process.argv.slice(2)
if (!file || !type || !encoding) {
  console.error('usage: bare-koa.ts <body file> <content-type> <content-encoding>')
  process.exit(2)
}
const body = readFileSync(file)
const app = new Koa()
app.use((ctx) => {
  ctx.type = type
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding)
  ctx.body = body
})
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
