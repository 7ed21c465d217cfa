import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from './ui/button.js';

/** Shown when a page could not load for a reason no feature handled (network down, server error). */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-24 text-center"
    >
      <div className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-amber-50 text-amber-600">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Something went wrong</h1>
      <p className="mt-3 text-slate-600">We couldn't load this page. Check your connection and try again.</p>
      <Button
        className="mt-8"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Try again
      </Button>
    </main>
  );
}
