import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, useState } from 'react'
import { LIFETIME_STORE_URL } from './plans.ts'

/** SPEC §2 "Ready to go lifetime?": Solo and Family Lifetime, each with its own dialog. */
export function Lifetime() {
  return (
    <section className="lifetime" aria-labelledby="lifetime-title">
      <header className="lifetime__header">
        <h2 id="lifetime-title">Ready to go lifetime?</h2>
        <p>Pay once and keep Premium for good: no subscription, no renewals.</p>
      </header>
      <div className="lifetime__cards">
        <article className="lifetime-card" aria-labelledby="solo-lifetime-title">
          <h3 id="solo-lifetime-title">Solo Lifetime</h3>
          <p className="lifetime-card__text">Every Premium feature, for life, on your own Apple ID.</p>
          <ul className="lifetime-card__points">
            <li>One payment, no subscription or renewals</li>
            <li>Tied to one Apple ID</li>
            <li>Online store or in-app purchase</li>
          </ul>
          <LifetimeDialog trigger="Get Solo Lifetime" title="Get Solo Lifetime" description="Choose how you would like to buy it.">
            <ol className="lifetime-options">
              <li className="lifetime-option">
                <h3 className="lifetime-option__title">Buy from our online store</h3>
                <p>Buying directly from our online store saves the app-store fees. The store opens in a new tab.</p>
                <a className="button button--primary" href={LIFETIME_STORE_URL} target="_blank" rel="noopener">
                  Open the online store
                  <span className="visually-hidden"> (opens in a new tab)</span>
                  <NewTabIcon />
                </a>
              </li>
              <li className="lifetime-option">
                <h3 className="lifetime-option__title">Buy in the app</h3>
                <p>
                  Open the Watchio app and search for <strong>“lifetime”</strong> to buy it as an in-app purchase.
                </p>
              </li>
            </ol>
          </LifetimeDialog>
        </article>
        <article className="lifetime-card" aria-labelledby="family-lifetime-title">
          <h3 id="family-lifetime-title">Family Lifetime</h3>
          <p className="lifetime-card__text">Premium for life for the whole household, through Family Sharing.</p>
          <ul className="lifetime-card__points">
            <li>One payment, no subscription or renewals</li>
            <li>Shared with up to 6 family members</li>
            <li>Bought in the app</li>
          </ul>
          <LifetimeDialog
            trigger="Get Family Lifetime"
            title="Get Family Lifetime"
            description="Family Lifetime is bought in the app and shared with up to 6 family members."
          >
            <ol className="lifetime-steps">
              <li>Open the Watchio app.</li>
              <li>Use search.</li>
              <li>
                Type <strong>“lifetime”</strong> and choose Family Lifetime.
              </li>
            </ol>
          </LifetimeDialog>
        </article>
      </div>
      <p className="lifetime__voucher">
        Have a voucher? In the app, open <strong>Settings</strong>, choose <strong>Redeem Offer Code</strong>, then the
        Watchio voucher entry, and type your code.
      </p>
    </section>
  )
}

/**
 * A modal dialog with its own open state (the solo and family dialogs are independent).
 * Radix traps focus, closes on Escape or a click outside, and returns focus to the trigger.
 * Radix's Overlay is left out on purpose: its scroll lock injects a <style> element, which the
 * Content-Security-Policy blocks. `.dialog-layer` is the backdrop, and pricing.css locks the
 * page's scroll while one is open.
 */
function LifetimeDialog(props: { trigger: string; title: string; description: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button--primary button--large lifetime-card__button">
          {props.trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <div className="dialog-layer">
          <Dialog.Content className="dialog">
            <div className="dialog__header">
              <Dialog.Title className="dialog__title">{props.title}</Dialog.Title>
              <Dialog.Close asChild>
                <button type="button" className="icon-button dialog__close" aria-label="Close">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="m6 6 12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="dialog__description">{props.description}</Dialog.Description>
            {props.children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function NewTabIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
