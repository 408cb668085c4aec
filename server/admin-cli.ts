/**
 * `npm run admin -- add|passwd|remove|list [username]`: manages the admin accounts in
 * DATA_DIR/admins.json. Passwords are only ever read from a prompt (not echoed on a terminal;
 * read line by line when stdin is a pipe), never from the command line, where `ps` and the shell
 * history would keep them. A running server sees the changes on its next request.
 */
import path from 'node:path'
import { createInterface, type Interface } from 'node:readline'
import { Writable } from 'node:stream'
import { checkDisplayName, checkEmail, checkUsername } from './accounts/account-record.ts'
import { AccountStore, accountsFilePath } from './accounts/account-store.ts'
import { hashPassword } from './accounts/password.ts'
import { newPasswordProblem } from './accounts/password-policy.ts'
import { AppError } from './lib/errors.ts'

const USAGE = `Usage: npm run admin -- <command> [username]

Commands:
  add <username>          create an admin; asks for display name, e-mail and password
  passwd <username>       set a new password for an admin
  remove <username>       delete an admin; asks first unless --yes is given
  list                    show all admins

Passwords are typed at a prompt, never given on the command line.
Usernames: 1 to 64 lowercase letters, digits, dots, dashes or underscores.
Accounts file: $DATA_DIR/admins.json (DATA_DIR defaults to .data)`

/** A problem with what the user typed or asked for: message on stderr, exit code 1. */
class CliError extends Error {
  readonly showUsage: boolean

  constructor(message: string, showUsage = false) {
    super(message)
    this.showUsage = showUsage
  }
}

interface Prompter {
  ask(question: string): Promise<string>
  askSecret(question: string): Promise<string>
  close(): void
}

/** Answers from a terminal (secrets not echoed) or, when stdin is a pipe, its lines in order. */
function createPrompter(): Prompter {
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

/** `who`: the person's username and name, which their password must not be (password-policy.ts, as everywhere). */
async function askNewPassword(prompter: Prompter, who: { username: string; displayName?: string }): Promise<string> {
  const password = await prompter.askSecret('Password: ')
  const problem = newPasswordProblem(password, who)
  if (problem) throw new CliError(`The password ${problem}`)
  const again = await prompter.askSecret('Password again: ')
  if (again !== password) throw new CliError('The two passwords do not match; nothing was changed')
  return password
}

function requireUsername(username: string | undefined): string {
  if (username === undefined) throw new CliError('Missing username', true)
  const problem = checkUsername(username)
  if (problem) throw new CliError(`Username "${username}" ${problem}`)
  return username
}

async function add(store: AccountStore, prompter: Prompter, username: string): Promise<void> {
  if (await store.get(username)) throw new CliError(`Admin "${username}" already exists (use passwd to change the password)`)
  const displayName = (await prompter.ask('Display name: ')).trim()
  const nameProblem = checkDisplayName(displayName)
  if (nameProblem) throw new CliError(`Display name ${nameProblem}`)
  const email = (await prompter.ask('E-mail: ')).trim()
  const emailProblem = checkEmail(email)
  if (emailProblem) throw new CliError(`E-mail ${emailProblem}`)
  const password = await askNewPassword(prompter, { username, displayName })
  await store.add({ username, displayName, email, passwordHash: await hashPassword(password) })
  console.log(`Added admin "${username}".`)
}

async function passwd(store: AccountStore, prompter: Prompter, username: string): Promise<void> {
  const account = await store.get(username)
  if (!account) throw new CliError(`No admin "${username}"`)
  const password = await askNewPassword(prompter, account)
  await store.setPasswordHash(username, await hashPassword(password))
  console.log(`Changed the password of "${username}".`)
}

async function remove(store: AccountStore, prompter: Prompter, username: string, yes: boolean): Promise<void> {
  if (!(await store.get(username))) throw new CliError(`No admin "${username}"`)
  if (!yes) {
    const answer = (await prompter.ask(`Remove admin ${username}? (y/N) `)).trim().toLowerCase()
    if (answer !== 'y' && answer !== 'yes') throw new CliError('Cancelled: nothing was removed')
  }
  if (!(await store.remove(username))) throw new CliError(`No admin "${username}"`)
  console.log(`Removed admin "${username}".`)
  if (await store.isEmpty()) {
    console.log('No admin is left: on its next start the server creates "admin" with a new random password and prints it.')
  }
}

async function list(store: AccountStore): Promise<void> {
  const admins = await store.list()
  if (admins.length === 0) {
    console.log(`No admins in ${store.file}.`)
    return
  }
  const rows = [
    ['USERNAME', 'DISPLAY NAME', 'E-MAIL', 'CREATED'],
    ...admins.map((admin) => [admin.username, admin.displayName, admin.email, admin.createdAt.slice(0, 10)]),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd())
}

async function main(args: string[]): Promise<void> {
  const flags = args.filter((arg) => arg.startsWith('-'))
  const [command, username, ...extra] = args.filter((arg) => !arg.startsWith('-'))
  if (flags.includes('--help') || flags.includes('-h') || command === 'help') {
    console.log(USAGE)
    return
  }
  const unknownFlag = flags.find((flag) => !(command === 'remove' && (flag === '--yes' || flag === '-y')))
  if (unknownFlag) throw new CliError(`Unknown option ${unknownFlag}`, true)
  if (command === undefined) throw new CliError('Missing command', true)
  if (!['add', 'passwd', 'remove', 'list'].includes(command)) throw new CliError(`Unknown command "${command}"`, true)
  const expected = command === 'list' ? 0 : 1
  if (extra.length > 0 || (command === 'list' && username !== undefined)) {
    throw new CliError(
      `Too many arguments for ${command}: it takes ${expected === 0 ? 'none' : 'only a username'}. Passwords are asked for at a prompt, never given on the command line.`,
      true,
    )
  }

  const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR?.trim() || '.data')
  const store = new AccountStore(accountsFilePath(dataDir))
  if (command === 'list') return list(store)

  const name = requireUsername(username)
  const prompter = createPrompter()
  try {
    if (command === 'add') await add(store, prompter, name)
    else if (command === 'passwd') await passwd(store, prompter, name)
    else await remove(store, prompter, name, flags.length > 0)
  } finally {
    prompter.close()
  }
}

try {
  await main(process.argv.slice(2))
} catch (error) {
  if (error instanceof CliError) {
    console.error(error.message)
    if (error.showUsage) console.error(`\n${USAGE}`)
  } else if (error instanceof AppError) {
    console.error(error.message)
  } else {
    console.error(error)
  }
  process.exitCode = 1
}
