import { LINKS, SITE_NAME } from '../../renderer/brand.ts'
import './legal.css'

const SUPPORT_MAILTO = `mailto:${LINKS.supportEmail}`

export default function Page() {
  return (
    <div className="container legal">
      <header className="page-header">
        <h1>Legal</h1>
        <p>Terms of Service, Privacy Policy and Disclaimer</p>
        <p className="legal__updated">Last updated October 2025</p>
      </header>

      <nav className="legal__toc" aria-label="On this page">
        <a href="#terms">Terms of Service</a>
        <a href="#privacy">Privacy Policy</a>
        <a href="#disclaimer">Disclaimer</a>
      </nav>

      <div className="legal__body prose">
        <section aria-labelledby="terms">
          <h2 id="terms">Terms of Service</h2>
          <p>
            These terms govern your use of the {SITE_NAME} apps for iPhone, iPad, Apple TV and Mac (and, when they are
            released, Android and Android TV) and of this website. By downloading or using {SITE_NAME} you agree to
            them. If you do not agree, please do not use the app.
          </p>

          <h3 id="terms-player">A player, not a content service</h3>
          <p>
            {SITE_NAME} is a media player. It does not host, sell, provide or distribute any content: no channels,
            playlists, films or series come with the app. It plays sources that you add yourself, such as M3U
            playlists, Xtream Codes logins, cloud and debrid-style accounts, FTP and WebDAV servers.
          </p>

          <h3 id="terms-credentials">Your own IPTV credentials</h3>
          <p>
            You must supply your own IPTV credentials and account details, from providers you have subscribed to or
            are otherwise authorized to use. You are responsible for keeping them secure, for complying with your
            providers’ terms, and for having the rights to watch whatever you play in {SITE_NAME}.
          </p>

          <h3 id="terms-use">Acceptable use</h3>
          <ul>
            <li>Use {SITE_NAME} only for lawful purposes and in line with the laws that apply to you.</li>
            <li>Do not use it to access, share or distribute content you have no right to.</li>
            <li>
              Do not copy, modify, reverse engineer or resell the app, or try to get around its security or its
              purchase checks, except where the law expressly allows it.
            </li>
          </ul>

          <h3 id="terms-premium">Premium, trials and purchases</h3>
          <p>
            Basic features are free. Premium subscriptions and lifetime purchases are sold through the App Store (and
            our online store where offered), which handles payment, renewal and refunds under its own terms. A
            subscription renews automatically unless you cancel it at least 24 hours before the end of the current
            period; a free trial, where offered, turns into a paid subscription unless cancelled before it ends. Plan
            changes take effect at the next billing cycle. You can manage or cancel a subscription in your App Store
            account settings.
          </p>

          <h3 id="terms-as-is">Provided “as is”</h3>
          <p>
            {SITE_NAME} is provided “as is” and “as available”, without warranties of any kind, express or implied,
            including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not
            guarantee that the app will be uninterrupted or error-free, or that it will work with every provider,
            stream, format or device.
          </p>

          <h3 id="terms-liability">Limitation of liability</h3>
          <p>
            To the fullest extent permitted by law, we are not liable for any indirect, incidental, special or
            consequential damages, or for any loss of data, revenue or content, arising from your use of the app or of
            third-party services you connect to it. Our total liability for any claim is limited to the amount you
            paid for {SITE_NAME} in the twelve months before the claim. Nothing in these terms limits rights you have
            under consumer law that cannot be waived.
          </p>

          <h3 id="terms-changes">Termination and changes</h3>
          <p>
            We may suspend access to Premium features if these terms are seriously breached. We may update the app and
            these terms from time to time; the date at the top of this page shows the latest version, and continuing to
            use {SITE_NAME} after a change means you accept the updated terms.
          </p>
        </section>

        <section aria-labelledby="privacy">
          <h2 id="privacy">Privacy Policy</h2>
          <p>
            We collect as little as we need to run {SITE_NAME}, and we never sell your personal information. This
            policy explains what we collect, why, and what we never collect.
          </p>

          <h3 id="privacy-collect">What we collect</h3>
          <ul>
            <li>
              <strong>Account information</strong> (your e-mail address and username), for Premium subscribers, so we
              can provide and restore Premium features and answer your support requests.
            </li>
            <li>
              <strong>App usage data</strong>, such as the features you use, crashes and performance figures, so we can
              fix problems and improve the app.
            </li>
            <li>
              <strong>Device information</strong>, such as your device model, operating system and app version, and
              your language, so the app works well on your device.
            </li>
          </ul>

          <h3 id="privacy-credentials">Your IPTV credentials stay with you</h3>
          <p>
            We do not store your IPTV credentials. Playlist addresses, logins and passwords you add stay on your
            device. Connections to your IPTV providers and other sources are made directly from your device: your
            streams do not pass through our servers.
          </p>

          <h3 id="privacy-payments">Payments</h3>
          <p>
            Purchases are processed by the App Store or our store’s payment provider. We never see or store your card
            details.
          </p>

          <h3 id="privacy-sharing">Sharing and retention</h3>
          <p>
            We share data only with service providers that help us run {SITE_NAME} (hosting, crash reporting,
            analytics), under agreements that protect it, or when the law requires us to. We keep data only as long as
            we need it for the purposes above.
          </p>

          <h3 id="privacy-rights">Your choices</h3>
          <p>
            You can ask us for a copy of your data, or ask us to correct or delete it, by writing to{' '}
            <a href={SUPPORT_MAILTO}>{LINKS.supportEmail}</a>. {SITE_NAME} is not directed at children under 13.
          </p>
        </section>

        <section aria-labelledby="disclaimer">
          <h2 id="disclaimer">Disclaimer</h2>
          <p>
            {SITE_NAME} does not host, store, sell or distribute any content, and is not affiliated with, endorsed by
            or sponsored by any IPTV provider, broadcaster or content owner. Any content you watch comes from sources
            you add yourself.
          </p>
          <p>
            You are solely responsible for the legality of the content you access with {SITE_NAME}. We do not
            encourage or condone piracy or any use that infringes copyright; please use only providers and content you
            are authorized to access.
          </p>
          <p>
            All trademarks, service marks, logos and brand names mentioned on this site or in the app belong to their
            respective owners. Apple, iPhone, iPad, Apple TV, Mac, tvOS and App Store are trademarks of Apple Inc.;
            Android and Android TV are trademarks of Google LLC. Their use is for identification only and implies no
            endorsement.
          </p>
          <p>
            Third-party services you connect to {SITE_NAME}, such as cloud storage or a subtitle service, are governed
            by their own terms and privacy policies.
          </p>
        </section>

        <section aria-labelledby="contact">
          <h2 id="contact">Contact</h2>
          <p>
            Questions about these terms or your privacy? Write to <a href={SUPPORT_MAILTO}>{LINKS.supportEmail}</a>.
          </p>
        </section>
      </div>
    </div>
  )
}
