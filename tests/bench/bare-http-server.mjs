/**
 * `node bare-http-server.mjs <port> <answers.json>`: Node's own http module and nothing else,
 * answering each path with the bytes and headers the site sent for it (serve-profile.ts --bare
 * writes the file: [{ path, headers: [name, value, …], body: base64 }]). What a request costs
 * through `http.createServer` itself, with no work of the site's: the ceiling of any answer that
 * goes through it. Plain JavaScript, run by plain node, as the production server is.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'

const [port, file] = process.argv.slice(2)
const answers = new Map(JSON.parse(readFileSync(file, 'utf8')).map((answer) => [answer.path, { headers: answer.headers, body: Buffer.from(answer.body, 'base64') }]))
process.on('SIGTERM', () => process.exit(0))
http
  .createServer((request, response) => {
    const answer = answers.get(request.url)
    if (!answer) {
      response.writeHead(404)
      response.end()
      return
    }
    response.writeHead(200, answer.headers)
    response.end(answer.body)
  })
  .listen(Number(port), '127.0.0.1')
