import { MESSAGES, type CreatedApiToken } from '@chapterwise/shared';
import { Check, Copy, ShieldAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';

/** The new token, shown this once, with a copy button and a first request to try. */
export function NewTokenNotice({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
      setCopied(true);
      toast.success(MESSAGES.apiTokenCopied);
    } catch {
      // No clipboard access (permissions, insecure context): select it for the user to copy.
      input.current?.select();
      toast.error('Could not copy automatically. The token is selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  };

  return (
    <div
      role="region"
      aria-labelledby="new-token-heading"
      className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50/70 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id="new-token-heading" className="font-semibold text-slate-900">
            {`Your new token “${token.name}”`}
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Copy it now and keep it somewhere safe. For your security it will not be shown again.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <label htmlFor="new-token-value" className="sr-only">
              New API token
            </label>
            <input
              id="new-token-value"
              ref={input}
              readOnly
              value={token.token}
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
              {copied ? 'Copied' : 'Copy token'}
            </Button>
          </div>
          <p className="mt-3 text-xs text-slate-600">Try it:</p>
          <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs leading-5 text-slate-100">
            {`curl ${window.location.origin}/api/books \\\n  -H "Authorization: Bearer ${token.token}"`}
          </pre>
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
