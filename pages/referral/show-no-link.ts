import { NO_LINK_TEMPLATE_ATTRIBUTE } from './referral-link.ts'

/**
 * Without a link, the card shows its no-link message at once, from the template the server's
 * markup keeps (./ReferralCard.tsx), before React: React comes only when the visitor is about to
 * press Copy, and then draws the same markup.
 */
export function showNoLink(): void {
  const template = document.querySelector<HTMLTemplateElement>(`template[${NO_LINK_TEMPLATE_ATTRIBUTE}]`)
  const card = template?.closest<HTMLElement>('.referral__card')
  if (!template || !card) return
  card.replaceChildren(template.content.cloneNode(true))
  card.removeAttribute('aria-busy')
}
