import { RateLimiterMemory } from 'rate-limiter-flexible'
import { NotFoundError, RateLimitedError } from '../../lib/errors.ts'

/** Links that open nothing, per address, before it must wait: a mistyped link is a few; guessing 256 bits is hopeless anyway. */
export const MAX_UNKNOWN_INVITATIONS = 20
export const UNKNOWN_INVITATIONS_WINDOW_SECONDS = 15 * 60

/**
 * The invitee's calls are open to anybody: an address that sends many links that open nothing
 * (a NotFoundError) waits, so the unknown ones cannot be tried in bulk. Counts live in memory.
 */
export class InvitationLinkBudget {
  readonly #unknownLinks = new RateLimiterMemory({
    keyPrefix: 'invitation-address',
    points: MAX_UNKNOWN_INVITATIONS,
    duration: UNKNOWN_INVITATIONS_WINDOW_SECONDS,
  })

  /**
   * Runs `task` for `address` unless it spent its budget; counts it when it finds no invitation.
   * @throws RateLimitedError once the address sent its budget's worth of unknown links
   */
  async guard<T>(address: string, task: () => Promise<T>): Promise<T> {
    const spent = await this.#unknownLinks.get(address)
    if (spent && spent.consumedPoints >= MAX_UNKNOWN_INVITATIONS) throw new RateLimitedError(Math.max(1, Math.ceil(spent.msBeforeNext / 1000)), 'invitation links')
    try {
      return await task()
    } catch (error) {
      if (error instanceof NotFoundError) await this.#unknownLinks.penalty(address, 1)
      throw error
    }
  }
}
