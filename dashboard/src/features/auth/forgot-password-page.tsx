import { errorMessage, MESSAGES, RESET_CODE_TTL_MINUTES } from '@chapterwise/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, KeyRound, MailCheck, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { EmailField } from '../../components/ui/field.js';
import { AuthLayout } from './auth-layout.js';
import { useRequestResetCodeMutation } from './queries.js';

interface ResetRequestResult {
  email: string;
  /** Only in development without a mail server: the code is shown on the page instead. */
  code?: string;
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<ResetRequestResult | null>(null);
  const navigate = useNavigate();

  const requestCode = useRequestResetCodeMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    requestCode.mutate(
      { email },
      {
        onSuccess: (response) => {
          if (response.reset_code) {
            toast.warning(MESSAGES.emailServiceUnavailable);
            setResult({ email, code: response.reset_code });
          } else {
            toast.success(MESSAGES.resetCodeSent);
            setResult({ email });
          }
        },
        onError: (error) => toast.error(errorMessage(error, MESSAGES.forgotFailed)),
      },
    );
  };

  const startOver = () => {
    setResult(null);
    requestCode.reset();
  };

  if (result) {
    return (
      <AuthLayout title={result.code ? 'Your Reset Code' : 'Check Your Email!'}>
        <title>Reset your password · ChapterWise</title>
        {result.code ? (
          <div role="status" className="rounded-xl border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
            <p className="flex items-center gap-2 font-semibold">
              <TriangleAlert className="size-5 text-yellow-600" aria-hidden="true" />
              Email Service Unavailable
            </p>
            <p className="mt-1 text-sm">We couldn't email your code, so here it is:</p>
            <p className="mt-3 rounded-lg bg-white px-4 py-3 text-center font-mono text-2xl font-bold tracking-[0.3em] text-slate-900 ring-1 ring-yellow-200 select-all">
              {result.code}
            </p>
            <p className="mt-2 text-center text-sm text-yellow-800">Valid for {RESET_CODE_TTL_MINUTES} minutes</p>
          </div>
        ) : (
          <div className="text-center">
            <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-600">
              <MailCheck className="size-7" aria-hidden="true" />
            </div>
            <p className="mt-4 text-slate-600">We sent a reset code to</p>
            <p className="font-semibold break-all text-slate-900">{result.email}</p>
            <p className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
              The code will expire in {RESET_CODE_TTL_MINUTES} minutes. Check your spam folder if you don't see it.
            </p>
          </div>
        )}
        <div className="mt-6 space-y-3">
          <Button
            size="lg"
            className="w-full"
            icon={<KeyRound className="size-4" aria-hidden="true" />}
            onClick={() =>
              void navigate({ to: '/reset-password', state: { resetEmail: result.email, resetCode: result.code } })
            }
          >
            Proceed to Reset Password
          </Button>
          <Button variant="outline" size="lg" className="w-full" onClick={startOver}>
            Request New Code
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password?" subtitle="Enter your email and we'll send you a code to reset your password.">
      <title>Forgot password · ChapterWise</title>
      <form onSubmit={submit} className="space-y-4">
        <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />
        <Button type="submit" size="lg" className="w-full" disabled={requestCode.isPending}>
          {requestCode.isPending ? 'Sending...' : 'Send Reset Code'}
        </Button>
      </form>
      <BackToSignIn />
    </AuthLayout>
  );
}

export function BackToSignIn() {
  return (
    <div className="mt-6 border-t border-slate-100 pt-5 text-center">
      <Link
        to="/auth"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Sign In
      </Link>
    </div>
  );
}
