import { Check, Copy, ShieldAlert } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from './button.js';

export interface OneTimeSecretProps {
  title: string;
  description: ReactNode;
  secret: string;
  /** What the secret is, for screen readers and messages: "API token", "signing secret". */
  noun: string;
  copiedMessage: string;
  onDone: () => void;
  /** Shown under the copy row (a first request to try, for example). */
  children?: ReactNode;
}

/** A selectable field for when the clipboard is not available, and an explicit "done". */
export function OneTimeSecret({
  title,
  description,
  secret,
  noun,
  copiedMessage,
  onDone,
  children,
}: OneTimeSecretProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const shortNoun = noun.split(' ').at(-1)!;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      // No clipboard access (permissions, insecure context): select it for the user to copy.
      input.current?.select();
      toast.error(`Could not copy automatically. The ${shortNoun} is selected: press Ctrl+C (or ⌘C) to copy it.`);
    }
  };

  return (
    <div
      role="region"
      aria-labelledby={`${id}-heading`}
      className="mb-6 rounded-xl border border-emerald-200 bg-emerald-50/70 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
            {title}
          </h3>
          <p className="mt-1 text-sm break-words text-slate-700">{description}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <label htmlFor={`${id}-value`} className="sr-only">
              {noun.charAt(0).toUpperCase() + noun.slice(1)}
            </label>
            <input
              id={`${id}-value`}
              ref={input}
              readOnly
              value={secret}
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
              {copied ? 'Copied' : `Copy ${shortNoun}`}
            </Button>
          </div>
          {children}
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
