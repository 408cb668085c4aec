/**
 * A key of the site's copy as a person reads it, the one wording the admin's forms
 * (pages/admin/site/schema-walk.ts) and the commit messages and 409s (changed-fields.ts) share.
 */

/** Words a key does not say by itself. */
const LABELS: Record<string, string> = {
  cta: 'Call to action',
  faq: 'FAQ',
  href: 'Link address',
  url: 'Link address',
  src: 'Image address',
  alt: 'Alt text (what the image shows)',
  appStoreUrl: 'App Store address',
  appStoreButton: 'App Store button',
  supportEmail: 'Support e-mail address',
  nav: 'Nav bar',
  inApp: 'In the app',
  inContents: 'Listed under “On this page”',
  id: 'Anchor',
}

/** A key as a person reads it: `annualPrice` → "Annual price" (LABELS where a key says too little). */
export function labelOf(key: string): string {
  const known = LABELS[key]
  if (known) return known
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}


/** The same words inside a phrase ("Premium call to action"): lower case, an acronym kept (FAQ). */
export function keyWords(key: string): string {
  const label = labelOf(key)
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1)
}
