import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '@/components/error-notice.js';
import { SignInForm } from '@/components/sign-in-form.js';
import { useSession } from '@/components/use-session.js';
import { sendMessage, type SessionView } from '@/utils/messaging.js';
import { DEFAULT_SERVER_URL } from '@/utils/storage.js';
import type { UiError } from '@/utils/ui-error.js';

export function OptionsApp() {
  const { session, setSession } = useSession();
  if (!session) return <main className="options muted">Loading...</main>;
  return (
    <main className="options stack">
      <h1>ChapterWise</h1>
      <ServerSettings session={session} onSaved={setSession} />
      <section className="stack" aria-labelledby="account-title">
        <h2 id="account-title">Account</h2>
        {session.user ? (
          <div className="row">
            <span>
              Signed in as <strong>{session.user.email}</strong> ({session.user.plan.toUpperCase()})
            </span>
            <button type="button" onClick={() => void sendMessage('signOut').then(setSession)}>
              Sign out
            </button>
          </div>
        ) : (
          <SignInForm session={session} onSignedIn={setSession} />
        )}
      </section>
    </main>
  );
}

function ServerSettings({ session, onSaved }: { session: SessionView; onSaved: (view: SessionView) => void }) {
  const [serverUrl, setServerUrl] = useState(session.serverUrl);
  const [error, setError] = useState<UiError | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setStatus(null);
    const saved = await sendMessage('setServerUrl', serverUrl);
    if (!saved.ok) {
      setError(saved.error);
      return;
    }
    const reachable = await sendMessage('checkServer');
    if (reachable.ok) setStatus('Saved. The server is reachable.');
    else setError(reachable.error);
    onSaved(saved.value);
  };

  return (
    <form className="stack" aria-labelledby="server-title" onSubmit={(event) => void save(event)}>
      <h2 id="server-title">Server</h2>
      <label>
        Server address
        <input
          type="url"
          required
          value={serverUrl}
          placeholder={DEFAULT_SERVER_URL}
          onChange={(event) => setServerUrl(event.target.value)}
        />
      </label>
      <p className="muted small">Changing the server signs you out: an account belongs to one server.</p>
      <button type="submit" className="button-primary">
        Save
      </button>
      {status && (
        <p className="notice notice-success" role="status">
          {status}
        </p>
      )}
      <ErrorNotice error={error} />
    </form>
  );
}
