import { LogOut } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { useLogoutEverywhereMutation } from './queries.js';

/** Sign out everywhere: for a lost phone or a shared computer. */
export function SessionsPanel() {
  const logoutEverywhere = useLogoutEverywhereMutation();
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="sessions-heading" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <LogOut className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
              Sessions
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Signed in on a computer or phone you no longer use? Signing out everywhere ends every session, this one
              included, and revokes your personal API tokens: a script that uses one needs a new token.
            </p>
          </div>
        </div>
        <Button
          variant="outline"
          className="shrink-0"
          busy={logoutEverywhere.isPending}
          onClick={() => logoutEverywhere.mutate()}
        >
          Sign out everywhere
        </Button>
      </section>
    </Card>
  );
}
