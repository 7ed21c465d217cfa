import { errorMessage, MESSAGES, PASSWORD_MIN_LENGTH } from '@chapterwise/shared';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { EmailField, PasswordField, TextField } from '../../components/ui/field.js';
import { AuthLayout } from './auth-layout.js';
import { useAuthenticateMutation, type AuthenticateRequest } from './queries.js';

type Mode = 'signin' | 'register';

/** Sign in or create an account; on success the session is stored and the library opens. */
export function AuthPage() {
  const { mode: requested } = useSearch({ strict: false });
  const [mode, setMode] = useState<Mode>(requested === 'register' ? 'register' : 'signin');
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const authenticate = useAuthenticateMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = mode === 'register' && password.length < PASSWORD_MIN_LENGTH ? MESSAGES.passwordTooShort : null;
    setProblem(found);
    if (found) return;
    const request: AuthenticateRequest =
      mode === 'register' ? { mode, body: { name, email, password } } : { mode, body: { email, password } };
    authenticate.mutate(request, {
      onSuccess: (_session, sent) => {
        toast.dismiss(); // a failed try's error must not stay under the welcome
        toast.success(sent.mode === 'register' ? MESSAGES.accountCreated : MESSAGES.welcomeBack);
        void navigate({ to: '/dashboard' });
      },
      onError: (error) => toast.error(errorMessage(error, MESSAGES.authFailed)),
    });
  };
  const busy = authenticate.isPending;
  const register = mode === 'register';

  return (
    <AuthLayout
      title={register ? 'Create Account' : 'Welcome Back'}
      subtitle={register ? 'Start turning your books into smart summaries.' : 'Sign in to continue studying.'}
    >
      <title>{register ? 'Create Account · ChapterWise' : 'Sign In · ChapterWise'}</title>
      <form onSubmit={submit} className="space-y-4">
        {register && (
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <PasswordField
          label="Password"
          error={problem}
          hint={register ? 'At least 6 characters' : undefined}
          name="password"
          autoComplete={register ? 'new-password' : 'current-password'}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {!register && (
          <div className="flex justify-end">
            <Link
              to="/forgot-password"
              className="text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline"
            >
              Forgot your password?
            </Link>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Processing...' : register ? 'Create Account' : 'Sign In'}
        </Button>
      </form>
      <div className="mt-6 border-t border-slate-100 pt-5 text-center">
        <button
          type="button"
          className="text-sm text-slate-600 hover:text-slate-900"
          onClick={() => {
            setProblem(null);
            setMode(register ? 'signin' : 'register');
          }}
        >
          {register ? 'Already have an account? ' : "Don't have an account? "}
          <span className="font-semibold text-brand-600">{register ? 'Sign in' : 'Sign up'}</span>
        </button>
      </div>
    </AuthLayout>
  );
}
