import * as Dialog from '@radix-ui/react-dialog'
import { type ReactNode, useState } from 'react'
import { RichText } from '../../renderer/components/RichText.tsx'
import type { PricingContent } from '../../core/site-content/pricing.ts'

/** SPEC §2 "Ready to go lifetime?": Solo and Family Lifetime, each with its own dialog. */
export function Lifetime({ lifetime }: { lifetime: PricingContent['lifetime'] }) {
  const { solo, family } = lifetime
  return (
    <section className="lifetime" aria-labelledby="lifetime-title">
      <header className="lifetime__header">
        <h2 id="lifetime-title">{lifetime.title}</h2>
        <p>{lifetime.intro}</p>
      </header>
      <div className="lifetime__cards">
        <article className="lifetime-card" aria-labelledby="solo-lifetime-title">
          <h3 id="solo-lifetime-title">{solo.title}</h3>
          <p className="lifetime-card__text">{solo.text}</p>
          <Points points={solo.points} />
          <LifetimeDialog trigger={solo.button} title={solo.dialogTitle} description={solo.dialogDescription}>
            <ol className="lifetime-options">
              <li className="lifetime-option">
                <h3 className="lifetime-option__title">{solo.store.title}</h3>
                <p>{solo.store.text}</p>
                <a className="button button--primary" href={solo.store.url} target="_blank" rel="noopener">
                  {solo.store.button}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                  <NewTabIcon />
                </a>
              </li>
              <li className="lifetime-option">
                <h3 className="lifetime-option__title">{solo.inApp.title}</h3>
                <p>
                  <RichText text={solo.inApp.text} />
                </p>
              </li>
            </ol>
          </LifetimeDialog>
        </article>
        <article className="lifetime-card" aria-labelledby="family-lifetime-title">
          <h3 id="family-lifetime-title">{family.title}</h3>
          <p className="lifetime-card__text">{family.text}</p>
          <Points points={family.points} />
          <LifetimeDialog trigger={family.button} title={family.dialogTitle} description={family.dialogDescription}>
            <ol className="lifetime-steps">
              {family.steps.map((step, index) => (
                <li key={index}>
                  <RichText text={step} />
                </li>
              ))}
            </ol>
          </LifetimeDialog>
        </article>
      </div>
      <p className="lifetime__voucher">
        <RichText text={lifetime.voucher} />
      </p>
    </section>
  )
}

function Points(props: { points: readonly string[] }) {
  return (
    <ul className="lifetime-card__points">
      {props.points.map((point, index) => (
        <li key={index}>{point}</li>
      ))}
    </ul>
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
