import { RedirectPage } from '../_redirect/RedirectPage.tsx'

/** SPEC §2: a spinner, "Redirecting to IPTV Account..." and an immediate redirect. */
export default function Page() {
  return <RedirectPage target="iptv" message="Redirecting to IPTV Account..." delayMs={0} spinner />
}
