import { MESSAGES, type CreatedWebhook } from '@chapterwise/shared';
import { OneTimeSecret } from '../../components/ui/one-time-secret.js';

/** The new webhook's signing secret, shown this once, with a copy button. */
export function NewWebhookSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  return (
    <OneTimeSecret
      title="Your signing secret"
      description={
        <>
          {'Deliveries to '}
          <span className="font-mono text-[13px] break-all">{webhook.url}</span>
          {' are signed with this secret. Copy it now: for your security it will not be shown again.'}
        </>
      }
      secret={webhook.secret}
      noun="webhook signing secret"
      copiedMessage={MESSAGES.webhookSecretCopied}
      onDone={onDone}
    />
  );
}
