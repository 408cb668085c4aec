import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { AccountsFileError } from '../lib/errors.ts'
import { nodeErrorCode } from '../lib/node-error-code.ts'
import { SerialQueue } from '../lib/serial-queue.ts'

/** The team's sign-in rules an admin sets (DATA_DIR/security.json). */
export interface SecurityPolicy {
  /** Everyone must have a second factor (an authenticator app or a passkey) to use the admin area. */
  requireSecondFactor: boolean
}

export const SECURITY_FILE_NAME = 'security.json'
const DEFAULTS: SecurityPolicy = { requireSecondFactor: false }

export function securityFilePath(dataDir: string): string {
  return path.join(dataDir, SECURITY_FILE_NAME)
}

/**
 * The sign-in rules, read once and kept in memory (the server is their only writer), written
 * whole and durably (a requirement turned on must not be off again after a power cut). A
 * missing file is the defaults: nothing required, as before there were rules. A damaged one is
 * an error naming it, never read as "nothing required".
 */
export class SecuritySettings {
  readonly file: string
  #policy: SecurityPolicy | null = null
  readonly #writes = new SerialQueue()

  constructor(file: string) {
    this.file = file
  }

  async get(): Promise<SecurityPolicy> {
    this.#policy ??= await this.#read()
    return { ...this.#policy }
  }

  async set(policy: SecurityPolicy): Promise<SecurityPolicy> {
    const next: SecurityPolicy = { requireSecondFactor: policy.requireSecondFactor }
    await this.#writes.run(async () => {
      await writeFileAtomic(this.file, `${JSON.stringify({ version: 1, ...next }, null, 2)}\n`, { mode: 0o600, durable: true })
      this.#policy = next
    })
    return { ...next }
  }

  async #read(): Promise<SecurityPolicy> {
    let text: string
    try {
      text = await readFile(this.file, 'utf8')
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT') return { ...DEFAULTS }
      throw error
    }
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      throw new AccountsFileError(this.file, 'is not valid JSON')
    }
    const value = (data as Record<string, unknown> | null)?.requireSecondFactor
    if (typeof value !== 'boolean') throw new AccountsFileError(this.file, '"requireSecondFactor" must be true or false')
    return { requireSecondFactor: value }
  }
}
