import type Router from '@koa/router'
import type { Context } from 'koa'
import { API_PATHS, API_PREFIX, type IdentityProof, type RecoveryCodes, type TotpSetup, type TotpStatus } from '../../core/contract/index.ts'
import { type AdminAccount, hasSecondFactor } from '../accounts/account-record.ts'
import type { AccountStore } from '../accounts/account-store.ts'
import { MAX_PASSWORD_LENGTH, verifyPassword } from '../accounts/password.ts'
import { newRecoveryCodes } from '../accounts/recovery-codes.ts'
import { useSecondFactorCode } from '../accounts/second-factor-codes.ts'
import type { SecuritySettings } from '../accounts/security-settings.ts'
import { newTotpSecret, totpUri, verifyTotp } from '../accounts/totp.ts'
import { ConflictError, ForbiddenError, InvalidInputError } from '../lib/errors.ts'
import type { LoginGuard } from '../services/sign-in/login-guard.ts'
import { apiRouter } from './api-router.ts'
import { requireFreshSignIn, requireSignIn, restartSession } from './sessions.ts'
import { fieldsOf } from '../lib/request-fields.ts'
import { readCode } from './second-step-api.ts'

/** A setup not confirmed within this long starts over (the app's code proves it holds the key). */
const SETUP_MS = 15 * 60 * 1000
const PATH = API_PATHS.accountTotp.slice(API_PREFIX.admin.length)

interface PendingSetup {
  secret: string
  since: number
}

/**
 * The signed-in person's authenticator app (any role): set it up (a new key, kept in the session
 * until a code from the app confirms it), new recovery codes, turn it off. A change of factor
 * ends the person's other sessions and starts this one again, so it stays signed in.
 */
export function totpRoutes(deps: { accounts: AccountStore; guard: LoginGuard; settings: SecuritySettings; now: () => number }): Router {
  const router = apiRouter({ prefix: API_PREFIX.admin, checks: [requireSignIn(deps.accounts)] })
  // Runs only for this router's routes (as in admin-api.ts): any signed-in role.

  router.get(PATH, (ctx) => {
    ctx.body = statusOf(ctx.state.account as AdminAccount) satisfies TotpStatus
  })

  router.post(`${PATH}/setup`, async (ctx) => {
    const account = ctx.state.account as AdminAccount
    if (account.totp) throw new ConflictError('An authenticator app is already set up: turn it off first to set up another')
    requireFreshSignIn(ctx, 'set up an authenticator app', deps.now())
    const secret = newTotpSecret()
    ctx.session!.totpSetup = { secret, since: deps.now() } satisfies PendingSetup
    const uri = totpUri(secret, account.username)
    // Loaded at the first setup, not at start (requiring it takes 23 ms).
    const { default: QRCode } = await import('qrcode')
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 4, errorCorrectionLevel: 'M' })
    // An image, not markup in the page: the site's CSP allows data: images and no inline styles.
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
    ctx.body = { secret, uri, qrCode } satisfies TotpSetup
  })

  router.post(`${PATH}/confirm`, async (ctx) => {
    const account = ctx.state.account as AdminAccount
    const code = readCode(ctx.request.body)
    const pending = ctx.session!.totpSetup as PendingSetup | undefined
    if (!pending || deps.now() - pending.since > SETUP_MS) throw new ConflictError('Start the setup again: it was not started, or it expired')
    const step = await verifyTotp({ secret: pending.secret, code, nowMs: deps.now() })
    if (step === null) throw new InvalidInputError('That code is not right: check the app shows Watchio and type the code it shows now', 'code')
    const { codes, hashes } = newRecoveryCodes()
    const now = new Date(deps.now()).toISOString()
    const saved = await deps.accounts.update(account.username, (current) => {
      if (current.totp) throw new ConflictError('An authenticator app is already set up')
      // The code just typed counts as used: it cannot also finish a sign-in.
      return { ...current, totp: { secret: pending.secret, addedAt: now, lastUsedStep: step }, recoveryCodes: hashes, factorsChangedAt: now }
    })
    delete ctx.session!.totpSetup
    await restartSession(ctx, saved)
    ctx.body = { recoveryCodes: codes } satisfies RecoveryCodes
  })

  router.post(`${PATH}/recovery-codes`, async (ctx) => {
    const account = ctx.state.account as AdminAccount
    if (!account.totp) throw new ConflictError('Recovery codes come with an authenticator app: set one up first')
    await proveIdentity(ctx, account, deps)
    const { codes, hashes } = newRecoveryCodes()
    await deps.accounts.update(account.username, (current) => ({ ...current, recoveryCodes: hashes }))
    ctx.body = { recoveryCodes: codes } satisfies RecoveryCodes
  })

  router.post(`${PATH}/disable`, async (ctx) => {
    const account = ctx.state.account as AdminAccount
    if (!account.totp) throw new ConflictError('No authenticator app is set up')
    // Before the proof: a code typed for a refused change is not spent.
    const { requireSecondFactor } = await deps.settings.get()
    if (requireSecondFactor && account.passkeys.length === 0) {
      throw new ConflictError('This site requires a second factor: add a passkey before turning the authenticator app off')
    }
    await proveIdentity(ctx, account, deps)
    const now = new Date(deps.now()).toISOString()
    const saved = await deps.accounts.update(account.username, (current) => {
      const next = { ...current, totp: null, factorsChangedAt: now }
      // Recovery codes stand in for a lost factor: with none left, they would open nothing.
      return hasSecondFactor(next) ? next : { ...next, recoveryCodes: [] }
    })
    await restartSession(ctx, saved)
    ctx.body = statusOf(saved) satisfies TotpStatus
  })

  return router
}

function statusOf(account: AdminAccount): TotpStatus {
  return { enabled: account.totp !== null, addedAt: account.totp?.addedAt ?? null, recoveryCodesLeft: account.recoveryCodes.length }
}

/**
 * The person's password or a current code, before a factor changes: a session left open on a
 * shared computer must not be enough. Wrong ones count against the sign-in limits.
 */
async function proveIdentity(ctx: Context, account: AdminAccount, deps: { accounts: AccountStore; guard: LoginGuard; now: () => number }): Promise<void> {
  const proof = readProof(ctx.request.body)
  if (proof.code !== undefined) {
    const attempt = await deps.guard.beginCode({ username: account.username, address: ctx.ip })
    if (!(await useSecondFactorCode(deps.accounts, account.username, proof.code, deps.now()))) {
      throw new ForbiddenError('That code is not right, or was used already')
    }
    await attempt.succeeded()
    return
  }
  const attempt = await deps.guard.begin({ username: account.username, address: ctx.ip, knownDevice: true })
  if (!(await verifyPassword(proof.password!, account.passwordHash))) throw new ForbiddenError('That password is not right')
  await attempt.succeeded()
}


function readProof(body: unknown): IdentityProof {
  const { password, code } = fieldsOf(body)
  if (typeof code === 'string' && code.trim() !== '') return { code: code.slice(0, 100) }
  if (typeof password === 'string' && password !== '' && password.length <= MAX_PASSWORD_LENGTH) return { password }
  throw new InvalidInputError('Your password or a current code is required', 'password')
}
