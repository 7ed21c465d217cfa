import {
  errorMessage,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  RESET_CODE_LENGTH,
  RESET_REDIRECT_DELAY_MS,
} from '@chapterwise/shared';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { EmailField, PasswordField, TextField } from '../../components/ui/field.js';
import { AuthLayout } from './auth-layout.js';
import { BackToSignIn } from './forgot-password-page.js';
import { useResetPasswordMutation } from './queries.js';

/** The first rule a new password breaks, as the spec words it, or null. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return MESSAGES.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}

export function ResetPasswordPage() {
  const handedOverEmail = useRouterState({ select: (state) => state.location.state.resetEmail });
  const [email, setEmail] = useState(handedOverEmail ?? '');
  const handedOverCode = useRouterState({ select: (state) => state.location.state.resetCode });
  const [code, setCode] = useState(handedOverCode ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();

  const reset = useResetPasswordMutation();

  const done = reset.isSuccess;
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate({ to: '/auth' }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblem(password, confirmation);
    setProblem(found);
    if (found) return;
    reset.mutate(
      { email, reset_code: code, new_password: password },
      {
        onSuccess: () => toast.success(MESSAGES.passwordReset),
        onError: (error) => toast.error(errorMessage(error, MESSAGES.resetFailed)),
      },
    );
  };

  if (done) {
    return (
      <AuthLayout title="Password Reset!">
        <title>Password reset · ChapterWise</title>
        <div role="status" className="flex flex-col items-center text-center">
          <div className="flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
            <CircleCheck className="size-7" aria-hidden="true" />
          </div>
          <p className="mt-4 text-slate-600">Redirecting to login...</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset Password"
      subtitle={
        handedOverCode
          ? 'Your reset code is filled in: choose a new password.'
          : 'Enter the code we sent you and choose a new password.'
      }
    >
      <title>Reset password · ChapterWise</title>
      <form onSubmit={submit} className="space-y-4">
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <TextField
          label="Reset Code"
          hint={`${RESET_CODE_LENGTH} characters${handedOverCode ? '' : ', from your email'}`}
          name="reset_code"
          required
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={RESET_CODE_LENGTH}
          className="font-mono tracking-[0.25em] uppercase"
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase().slice(0, RESET_CODE_LENGTH))}
        />
        <PasswordField
          label="New Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          name="new_password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label="Confirm Password"
          name="confirm_password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        {problem && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
        <p className="text-center text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-600 hover:text-brand-700 hover:underline">
            Need a new code?
          </Link>
        </p>
      </form>
      <BackToSignIn />
    </AuthLayout>
  );
}
