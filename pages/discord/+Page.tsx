import { RedirectPage } from '../_redirect/RedirectPage.tsx'
import { MESSAGE_DELAY_MS } from '../_redirect/redirect-seo.ts'

export default function Page() {
  return <RedirectPage target="discord" message="Redirecting to Discord..." delayMs={MESSAGE_DELAY_MS} />
}
