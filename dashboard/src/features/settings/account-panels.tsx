import { MESSAGES, PASSWORD_MIN_LENGTH, planLabel, PLAN_NAMES } from '@chapterwise/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CreditCard, KeyRound, UserRound } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.js';
import { Field, Input, PasswordField } from '../../components/ui/field.js';
import { toastError } from '../../lib/errors.js';
import { useSession } from '../../lib/session.js';
import { accountQueries } from '../account/queries.js';
import { useCancelSubscriptionMutation, useChangePasswordMutation, useUpdateProfileMutation } from './queries.js';
import { Receipts } from './receipts.js';
import { once } from '../../lib/once.js';

const dateFormat = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'long' }));

function Panel({
  id,
  icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby={id} className="grid gap-5 md:grid-cols-[14rem_1fr]">
        <div className="flex items-start gap-3 md:flex-col">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            {icon}
          </div>
          <div>
            <h2 id={id} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </div>
        </div>
        <div className="min-w-0">{children}</div>
      </section>
    </Card>
  );
}

/** Name (editable) and email (the sign-in, fixed). */
export function ProfilePanel() {
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const save = useUpdateProfileMutation({
    onSaved: (updated) => {
      setName(updated.name);
      toast.success(MESSAGES.profileSaved);
    },
    onFailed: (error) => toastError(error, 'Could not save your name'),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(name);
  };
  return (
    <Panel
      id="profile-heading"
      icon={<UserRound className="size-5" aria-hidden="true" />}
      title="Profile"
      description="How ChapterWise greets you."
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label="Name">
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              required
              maxLength={120}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        <Field label="Email" hint="You sign in with this address.">
          {(control) => <Input {...control} type="email" value={user?.email ?? ''} readOnly />}
        </Field>
        <Button
          type="submit"
          className="max-sm:w-full"
          busy={save.isPending}
          disabled={name.trim() === '' || name.trim() === user?.name}
        >
          Save name
        </Button>
      </form>
    </Panel>
  );
}

/** A new password: the current one first; every other session and every API token ends, this one stays signed in. */
export function PasswordPanel() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangePasswordMutation({
    onChanged: () => {
      setCurrent('');
      setNext('');
      setConfirmation('');
      toast.success(MESSAGES.passwordChanged);
    },
    onFailed: (error) => toastError(error, 'Could not change your password'),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found =
      next !== confirmation
        ? MESSAGES.passwordsDoNotMatch
        : next.length < PASSWORD_MIN_LENGTH
          ? MESSAGES.passwordTooShort
          : null;
    setProblem(found);
    if (!found) change.mutate({ current_password: current, new_password: next });
  };
  return (
    <Panel
      id="password-heading"
      icon={<KeyRound className="size-5" aria-hidden="true" />}
      title="Password"
      description="Changing it signs you out on every other device and revokes your personal API tokens."
    >
      <form onSubmit={submit} className="space-y-4">
        <PasswordField
          label="Current password"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="New password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
            name="new-password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
          <PasswordField
            label="Confirm new password"
            error={problem}
            name="confirm-password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
          />
        </div>
        <Button type="submit" className="max-sm:w-full" busy={change.isPending}>
          Change password
        </Button>
      </form>
    </Panel>
  );
}

/** The plan in force, when it renews (or ends, once cancelled), the uploads it allows, and cancelling it. */
export function PlanPanel() {
  const { user } = useSession();
  const [confirming, setConfirming] = useState(false);
  const usage = useQuery({ ...accountQueries.usage(), retry: false });
  const plan = usage.data?.plan ?? user?.plan ?? 'free';
  const until = usage.data?.renews_at ? dateFormat().format(new Date(usage.data.renews_at)) : null;
  const cancelled = usage.data?.cancelled === true;
  const cancel = useCancelSubscriptionMutation({
    onCancelled: (result) => {
      setConfirming(false);
      const ends = result.ends_at ? dateFormat().format(new Date(result.ends_at)) : null;
      toast.success(
        ends ? `Subscription cancelled. ${PLAN_NAMES[result.plan]} stays until ${ends}.` : 'Subscription cancelled.',
      );
    },
    onFailed: (error) => {
      setConfirming(false);
      toastError(error, 'Could not cancel your subscription');
    },
  });
  return (
    <Panel
      id="plan-heading"
      icon={<CreditCard className="size-5" aria-hidden="true" />}
      title="Plan and billing"
      description="Your subscription and this month's uploads."
    >
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={plan === 'free' ? 'slate' : 'brand'} className="tracking-wide">
          <span className="sr-only">Plan: </span>
          {planLabel(plan)}
        </Badge>
        <p className="text-sm text-slate-700">
          {plan === 'free' ? 'Free forever' : `${PLAN_NAMES[plan]}, monthly`}
          {until && (cancelled ? ` · cancelled, ends on ${until}` : ` · renews on ${until}`)}
        </p>
      </div>
      {usage.data && (
        <p className="mt-3 text-sm text-slate-600">
          {usage.data.limit === null
            ? `${usage.data.used} uploads this month (unlimited)`
            : `${usage.data.used} of ${usage.data.limit} uploads used this month`}
        </p>
      )}
      {/* On a phone each action spans the card, as in the other panels. */}
      <div className="mt-4 flex flex-wrap gap-2 max-sm:flex-col">
        <Link to="/pricing" className={buttonClasses({ variant: plan === 'premium' ? 'outline' : 'primary' })}>
          {plan === 'premium' ? 'View plans' : 'Upgrade plan'}
        </Link>
        {plan !== 'free' && !cancelled && usage.data && (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      <Receipts />
      <ConfirmDialog
        open={confirming}
        title="Cancel subscription"
        description="You will not be charged again."
        subject={
          <p className="text-sm text-slate-700">
            {`You keep ${PLAN_NAMES[plan]}${until ? ` until ${until}` : ''}. After that your plan is Free: your books stay, with the Free upload limit.`}
          </p>
        }
        confirmLabel="Cancel subscription"
        // "Cancel" beside "Cancel subscription" reads as either.
        dismissLabel="Keep subscription"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Panel>
  );
}
