import { MESSAGES, type CreatedApiToken } from '@chapterwise/shared';
import { OneTimeSecret } from '../../components/ui/one-time-secret.js';

/** The new token, shown this once, with a copy button and a first request to try. */
export function NewTokenNotice({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <OneTimeSecret
      title={`Your new token “${token.name}”`}
      description="Copy it now and keep it somewhere safe. For your security it will not be shown again."
      secret={token.token}
      noun="new API token"
      copiedMessage={MESSAGES.apiTokenCopied}
      onDone={onDone}
    >
      <p className="mt-3 text-xs text-slate-600">Try it:</p>
      <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs leading-5 text-slate-100">
        {`curl ${window.location.origin}/api/books \\\n  -H "Authorization: Bearer ${token.token}"`}
      </pre>
    </OneTimeSecret>
  );
}
