import { MESSAGES } from '@chapterwise/shared';
import { useState, type FormEvent } from 'react';
import { sendMessage, type SessionView } from '@/utils/messaging.js';
import type { UiError } from '@/utils/ui-error.js';
import { ErrorNotice } from './error-notice.js';
import { OpenLink } from './open-link.js';

/** Email + password sign-in; the token it earns stays in the background. */
export function SignInForm({ session, onSignedIn }: { session: SessionView; onSignedIn: (view: SessionView) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const outcome = await sendMessage('signIn', { email, password });
      if (outcome.ok) onSignedIn(outcome.value);
      else setError(outcome.error);
    } catch {
      setError({ kind: 'api', message: MESSAGES.authFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)}>
      {session.notice && !error && <p className="notice notice-warning">{session.notice}</p>}
      <label>
        Email
        <input
          type="email"
          required
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <button type="submit" className="button-primary" disabled={busy}>
        {busy ? 'Processing...' : 'Sign In'}
      </button>
      <ErrorNotice error={error} />
      <p className="muted">
        Server: {session.serverUrl}. No account yet? <OpenLink href={`${session.serverUrl}/auth`}>Create one</OpenLink>
      </p>
    </form>
  );
}
