/**
 * `node --experimental-websocket --import tsx tests/support/loaded-scripts.ts <ws-url>`: attaches
 * to a node process started with `--inspect-brk` and prints, one line each, the process id
 * (`pid <n>`) and then the URL of every script its main thread has parsed (`script <url>`),
 * the ones parsed before the attach included (V8 reports them on Debugger.enable). It lets the
 * process run, and exits when the process does or this one's stdin closes. A line `sync` on its
 * stdin is answered `synced` once every script the process had parsed when the line came has
 * been printed (a request's answer comes after the events before it). For the test that no
 * production process loads a TypeScript loader (tests/api/compiled-production.test.ts).
 */
const url = process.argv[2]
if (!url) throw new Error('usage: loaded-scripts.ts <ws-url>')

const socket = new WebSocket(url)
let nextId = 1
const send = (method: string, params: object = {}) => socket.send(JSON.stringify({ id: nextId++, method, params }))
let pidRequest = 0
const syncRequests = new Set<number>()

socket.addEventListener('open', () => {
  send('Debugger.enable')
  send('Runtime.runIfWaitingForDebugger')
})
socket.addEventListener('message', (event) => {
  const message = JSON.parse(String(event.data)) as { id?: number; method?: string; params?: { url?: string }; result?: { result?: { value?: unknown } } }
  if (message.id === pidRequest) console.log(`pid ${String(message.result?.result?.value)}`)
  // Answered, or refused (a process waiting for the debugger to go): either way after every event before it.
  if (message.id !== undefined && syncRequests.delete(message.id)) console.log('synced')
  if (message.method === 'Debugger.scriptParsed' && message.params?.url) console.log(`script ${message.params.url}`)
  // --inspect-brk stops at the first statement, where `process` is set up: ask, then let it run.
  if (message.method === 'Debugger.paused') {
    if (!pidRequest) {
      pidRequest = nextId
      send('Runtime.evaluate', { expression: 'process.pid', returnByValue: true })
    }
    send('Debugger.resume')
  }
})
socket.addEventListener('close', () => process.exit(0))
socket.addEventListener('error', () => process.exit(1))
process.stdin.on('data', (data: Buffer) => {
  for (const line of data.toString().split('\n')) {
    if (line !== 'sync') continue
    syncRequests.add(nextId)
    send('Runtime.evaluate', { expression: '0', returnByValue: true })
  }
})
process.stdin.on('end', () => socket.close())
