import { errorMessage, MESSAGES, POLICY, type ContactRequest } from '@chapterwise/shared';
import { Clock, Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../lib/toast.js';
import { BackLink } from '../../components/back-link.js';
import { SiteHeader } from '../../components/site-header.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { EmailField, Field, TextField, Textarea } from '../../components/ui/field.js';
import { useSession } from '../../lib/session.js';
import { SUPPORT_EMAIL } from '../../lib/site.js';
import { useSendContactMessageMutation } from './queries.js';

// Not in the spec's catalogue: the spec only simulated sending.
export const CONTACT_FAILED = 'Your message could not be sent. Please try again or email us.';

const EMPTY: ContactRequest = { name: '', email: '', subject: '', message: '' };

export function ContactPage() {
  const { user } = useSession();
  // A signed-in student is not asked who they are: name and email start filled in.
  const start: ContactRequest = user ? { ...EMPTY, name: user.name, email: user.email } : EMPTY;
  const [values, setValues] = useState<ContactRequest>(start);
  const send = useSendContactMessageMutation();
  const set = (key: keyof ContactRequest) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send.mutate(values, {
      onSuccess: () => {
        toast.success(MESSAGES.contactSent);
        setValues(start);
      },
      onError: (error) => toast.error(errorMessage(error, CONTACT_FAILED)),
    });
  };

  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <title>Contact Us · ChapterWise</title>
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600">
          Questions about your account, a payment or a book that didn't process? We're happy to help.
        </p>
        <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_20rem]">
          <Card className="p-6 sm:p-8">
            <form onSubmit={submit} className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Name"
                  name="name"
                  autoComplete="name"
                  required
                  value={values.name}
                  onChange={set('name')}
                />
                <EmailField value={values.email} onChange={set('email')} />
              </div>
              <TextField
                label="Subject"
                name="subject"
                required
                maxLength={200}
                value={values.subject}
                onChange={set('subject')}
              />
              <Field label="Message">
                {(control) => (
                  <Textarea
                    {...control}
                    name="message"
                    required
                    rows={6}
                    maxLength={5000}
                    value={values.message}
                    onChange={set('message')}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            </form>
          </Card>
          <aside className="space-y-4">
            <Card className="p-6">
              <div className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Mail className="size-5" aria-hidden="true" />
              </div>
              <h2 className="mt-3 font-semibold text-slate-900">Email support</h2>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="mt-1 block text-sm font-medium break-all text-brand-700 hover:underline"
              >
                {SUPPORT_EMAIL}
              </a>
            </Card>
            <Card className="p-6">
              <div className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-emerald-600">
                <Clock className="size-5" aria-hidden="true" />
              </div>
              <p className="mt-3 text-sm text-slate-700">
                <strong className="font-semibold text-slate-900">Response Time:</strong>{' '}
                {`Within ${POLICY.supportResponseHours} hours`}
              </p>
            </Card>
          </aside>
        </div>
      </main>
    </>
  );
}
