import { Link } from '@tanstack/react-router';
import { FileQuestion } from 'lucide-react';
import { SiteHeader } from './site-header.js';
import { buttonClasses } from './ui/button.js';

export function NotFound() {
  return (
    <>
      <SiteHeader />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-24 text-center"
      >
        <div className="mb-5 flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <FileQuestion className="size-8" aria-hidden="true" />
        </div>
        <p className="text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">This page doesn't exist or has moved. Let's get you back to your books.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClasses({ variant: 'outline' })}>
            Back to Home
          </Link>
          <Link to="/dashboard" className={buttonClasses()}>
            Go to Dashboard
          </Link>
        </div>
      </main>
    </>
  );
}
