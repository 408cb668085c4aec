/**
 * What `npm run admin` asks at a prompt: answers from a terminal (a secret not echoed as it is
 * typed) or, when stdin is a pipe, its lines in order. And the CLI's one error: what the user
 * typed or asked for is wrong (message on stderr, exit code 1).
 */
import { createInterface, type Interface } from 'node:readline'
import { Writable } from 'node:stream'

/** A problem with what the user typed or asked for: message on stderr, exit code 1. */
export class CliError extends Error {
  readonly showUsage: boolean

  constructor(message: string, showUsage = false) {
    super(message)
    this.showUsage = showUsage
  }
}

export interface Prompter {
  ask(question: string): Promise<string>
  askSecret(question: string): Promise<string>
  close(): void
}

/** Answers from a terminal (secrets not echoed) or, when stdin is a pipe, its lines in order. */
export function createPrompter(): Prompter {
  let rl: Interface | undefined
  if (!process.stdin.isTTY) {
    let lines: AsyncIterator<string> | undefined
    const next = async (question: string) => {
      process.stdout.write(question)
      if (!lines) {
        rl = createInterface({ input: process.stdin, terminal: false, crlfDelay: Infinity })
        lines = rl[Symbol.asyncIterator]()
      }
      const line = await lines.next()
      process.stdout.write('\n')
      if (line.done) throw new CliError('No answer: the input ended')
      return line.value
    }
    return { ask: next, askSecret: next, close: () => rl?.close() }
  }

  let muted = false
  let pending: ((error: Error) => void) | undefined
  // readline echoes what is typed through its output; muting that stream hides a secret as it is typed.
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk)
      callback()
    },
  })
  const question = (text: string, secret: boolean) => {
    rl ??= openTerminal(output, () => pending?.(new CliError('Cancelled')))
    const terminal = rl
    // The prompt goes straight to stdout, so muting can never swallow it.
    process.stdout.write(text)
    muted = secret
    return new Promise<string>((resolve, reject) => {
      pending = reject
      terminal.question('', (answer) => {
        pending = undefined
        if (muted) process.stdout.write('\n')
        muted = false
        resolve(answer)
      })
    })
  }
  return {
    ask: (text) => question(text, false),
    askSecret: (text) => question(text, true),
    close: () => rl?.close(),
  }
}

function openTerminal(output: Writable, onClose: () => void): Interface {
  // No history: the up arrow must not bring back the password typed a moment ago.
  const rl = createInterface({ input: process.stdin, output, terminal: true, historySize: 0 })
  rl.on('SIGINT', () => {
    process.stdout.write('\n')
    process.exit(130)
  })
  rl.on('close', onClose)
  return rl
}
