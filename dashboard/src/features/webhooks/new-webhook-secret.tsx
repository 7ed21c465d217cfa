import { MESSAGES, type CreatedWebhook } from '@chapterwise/shared';
import { Check, Copy, ShieldAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';

/** The new webhook's signing secret, shown this once, with a copy button. */
export function NewWebhookSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.secret);
      setCopied(true);
      toast.success(MESSAGES.webhookSecretCopied);
    } catch {
      // No clipboard access (permissions, insecure context): select it for the user to copy.
      input.current?.select();
      toast.error('Could not copy automatically. The secret is selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  };

  return (
    <div
      role="region"
      aria-labelledby="new-webhook-secret-heading"
      className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50/70 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id="new-webhook-secret-heading" className="font-semibold text-slate-900">
            Your signing secret
          </h3>
          <p className="mt-1 text-sm break-words text-slate-700">
            {'Deliveries to '}
            <span className="font-mono text-[13px] break-all">{webhook.url}</span>
            {' are signed with this secret. Copy it now: for your security it will not be shown again.'}
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <label htmlFor="new-webhook-secret-value" className="sr-only">
              Webhook signing secret
            </label>
            <input
              id="new-webhook-secret-value"
              ref={input}
              readOnly
              value={webhook.secret}
              onFocus={(event) => event.currentTarget.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-emerald-300 bg-white px-3 font-mono text-[13px] text-slate-900 shadow-xs"
            />
            <Button
              variant="primary"
              onClick={() => void copy()}
              icon={
                copied ? (
                  <Check className="size-4" aria-hidden="true" />
                ) : (
                  <Copy className="size-4" aria-hidden="true" />
                )
              }
            >
              {copied ? 'Copied' : 'Copy secret'}
            </Button>
          </div>
          <div className="mt-4 flex justify-end">
            <Button variant="outline" size="sm" onClick={onDone}>
              Done, I have copied it
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
