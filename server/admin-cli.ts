/**
 * `npm run admin -- <command> …`: manages the team's accounts in DATA_DIR/admins.json: add,
 * passwd, remove, list, and for a team locked out of the admin, role, disable, enable and
 * reset-factors. Passwords are only ever read from a prompt (not echoed on a terminal; read line
 * by line when stdin is a pipe), never from the command line, where `ps` and the shell history
 * would keep them. A running server sees the changes on its next request.
 */
import path from 'node:path'
import type { Role } from '../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from './accounts/account-record.ts'
import { AccountStore, accountsFilePath } from './accounts/account-store.ts'
import { checkDisplayName, checkEmail, checkRole, checkUsername, isRole } from '../core/contract/account-fields.ts'
import { hashPassword } from './accounts/password.ts'
import { newPasswordProblem } from './accounts/password-policy.ts'
import { keepAnEnabledAdmin } from './accounts/team-rules.ts'
import { CliError, createPrompter, type Prompter } from './admin-cli-prompter.ts'
import { AppError } from './lib/errors.ts'

const USAGE = `Usage: npm run admin -- <command> [username] [options]

Commands:
  add <username> [--role R]   create a person (an admin unless --role editor or author);
                              asks for display name, e-mail and password
  passwd <username>           set a new password
  role <username> <role>      make someone an admin, editor or author
  disable <username>          stop someone signing in (their sessions end); enable undoes it
  enable <username>
  reset-factors <username>    remove someone's authenticator app, recovery codes and passkeys
                              (they lost them): they sign in with their password alone
  remove <username>           delete a person; asks first unless --yes is given
  list                        show everyone: role, disabled, second factor

Passwords are typed at a prompt, never given on the command line: at least 8 characters
(15 or more is better), not one of the most common passwords.
Usernames: 1 to 64 lowercase letters, digits, dots, dashes or underscores.
Roles: admin, editor, author. The site always keeps one enabled admin.
Accounts file: $DATA_DIR/admins.json (DATA_DIR defaults to .data)`

/** How many words each command takes after its name. */
const ARITY: Record<string, number> = { add: 1, passwd: 1, remove: 1, list: 0, role: 2, disable: 1, enable: 1, 'reset-factors': 1 }

async function askNewPassword(prompter: Prompter, who: { username: string; displayName?: string }): Promise<string> {
  const password = await prompter.askSecret('Password: ')
  const problem = await newPasswordProblem(password, who)
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

function requireRole(role: string | undefined): Role {
  if (role === undefined) throw new CliError('Missing role (admin, editor or author)', true)
  if (!isRole(role)) throw new CliError(`Role "${role}" ${checkRole(role)}`)
  return role
}

async function existing(store: AccountStore, username: string): Promise<AdminAccount> {
  const account = await store.get(username)
  if (!account) throw new CliError(`No admin "${username}"`)
  return account
}

async function add(store: AccountStore, prompter: Prompter, username: string, role: Role): Promise<void> {
  if (await store.get(username)) throw new CliError(`Admin "${username}" already exists (use passwd to change the password)`)
  const displayName = (await prompter.ask('Display name: ')).trim()
  const nameProblem = checkDisplayName(displayName)
  if (nameProblem) throw new CliError(`Display name ${nameProblem}`)
  const email = (await prompter.ask('E-mail: ')).trim()
  const emailProblem = checkEmail(email)
  if (emailProblem) throw new CliError(`E-mail ${emailProblem}`)
  const password = await askNewPassword(prompter, { username, displayName })
  await store.add({ username, displayName, email, passwordHash: await hashPassword(password), role })
  console.log(role === 'admin' ? `Added admin "${username}".` : `Added ${role} "${username}".`)
}

async function passwd(store: AccountStore, prompter: Prompter, username: string): Promise<void> {
  const account = await existing(store, username)
  const password = await askNewPassword(prompter, account)
  await store.setPasswordHash(username, await hashPassword(password))
  console.log(`Changed the password of "${username}"; their other sessions end.`)
}

async function remove(store: AccountStore, prompter: Prompter, username: string, yes: boolean): Promise<void> {
  await existing(store, username)
  if (!yes) {
    const answer = (await prompter.ask(`Remove admin ${username}? (y/N) `)).trim().toLowerCase()
    if (answer !== 'y' && answer !== 'yes') throw new CliError('Cancelled: nothing was removed')
  }
  // Removing everyone is allowed (the next start creates a first admin); leaving only non-admins is not.
  const check = (after: AdminAccount[]) => void (after.length > 0 && keepAnEnabledAdmin(after))
  if (!(await store.remove(username, { check }))) throw new CliError(`No admin "${username}"`)
  console.log(`Removed admin "${username}". Their commits keep their name.`)
  if (await store.isEmpty()) {
    console.log('No admin is left: on its next start the server creates "admin" with a new random password and prints it.')
  }
}

async function change(store: AccountStore, username: string, command: string, role: Role | undefined): Promise<void> {
  await existing(store, username)
  const now = new Date().toISOString()
  const changed = await store.update(
    username,
    (account) => {
      if (command === 'role') return { ...account, role: role! }
      if (command === 'disable' || command === 'enable') return { ...account, disabled: command === 'disable' }
      return { ...account, totp: null, recoveryCodes: [], passkeys: [], factorsChangedAt: now }
    },
    { check: keepAnEnabledAdmin },
  )
  const said: Record<string, string> = {
    role: `"${username}" is now an ${changed.role}.`,
    disable: `Disabled "${username}": they cannot sign in, and their sessions end.`,
    enable: `Enabled "${username}": they can sign in again.`,
    'reset-factors': `Removed the second factors of "${username}": they sign in with their password alone, and their sessions end.`,
  }
  console.log(said[command])
}

async function list(store: AccountStore): Promise<void> {
  const admins = await store.list()
  if (admins.length === 0) {
    console.log(`No admins in ${store.file}.`)
    return
  }
  const rows = [
    ['USERNAME', 'DISPLAY NAME', 'E-MAIL', 'ROLE', 'DISABLED', 'SECOND FACTOR', 'CREATED'],
    ...admins.map((admin) => [
      admin.username,
      admin.displayName,
      admin.email,
      admin.role,
      admin.disabled ? 'yes' : 'no',
      secondFactorWords(admin),
      admin.createdAt.slice(0, 10),
    ]),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd())
}

function secondFactorWords(account: AdminAccount): string {
  if (!hasSecondFactor(account)) return 'none'
  const kinds = [account.totp && 'app', account.passkeys.length > 0 && `${account.passkeys.length} passkey${account.passkeys.length === 1 ? '' : 's'}`]
  return kinds.filter(Boolean).join(', ')
}

interface Parsed {
  command: string
  words: string[]
  yes: boolean
  role: Role | undefined
}

function parse(args: string[]): Parsed | 'help' {
  const words: string[] = []
  let yes = false
  let role: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--help' || arg === '-h') return 'help'
    else if (arg === '--yes' || arg === '-y') yes = true
    else if (arg === '--role') role = args[++i] ?? ''
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length)
    else if (arg.startsWith('-')) throw new CliError(`Unknown option ${arg}`, true)
    else words.push(arg)
  }
  const [command, ...rest] = words
  if (command === 'help') return 'help'
  if (command === undefined) throw new CliError('Missing command', true)
  if (!Object.hasOwn(ARITY, command)) throw new CliError(`Unknown command "${command}"`, true)
  if (yes && command !== 'remove') throw new CliError(`Unknown option --yes for ${command}`, true)
  if (role !== undefined && command !== 'add') throw new CliError(`Unknown option --role for ${command} (use: role <username> <role>)`, true)
  const takes = ARITY[command]!
  if (rest.length > takes) {
    const what = takes === 0 ? 'none' : takes === 1 ? 'only a username' : 'a username and a role'
    throw new CliError(`Too many arguments for ${command}: it takes ${what}. Passwords are asked for at a prompt, never given on the command line.`, true)
  }
  return { command, words: rest, yes, role: role === undefined ? undefined : requireRole(role) }
}

async function main(args: string[]): Promise<void> {
  const parsed = parse(args)
  if (parsed === 'help') {
    console.log(USAGE)
    return
  }
  const { command, words, yes } = parsed
  const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR?.trim() || '.data')
  const store = new AccountStore(accountsFilePath(dataDir))
  if (command === 'list') return list(store)

  const name = requireUsername(words[0])
  if (command === 'role' || command === 'disable' || command === 'enable' || command === 'reset-factors') {
    return change(store, name, command, command === 'role' ? requireRole(words[1]) : undefined)
  }
  const prompter = createPrompter()
  try {
    if (command === 'add') await add(store, prompter, name, parsed.role ?? 'admin')
    else if (command === 'passwd') await passwd(store, prompter, name)
    else await remove(store, prompter, name, yes)
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
