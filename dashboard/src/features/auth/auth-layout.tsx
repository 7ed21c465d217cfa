import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { Card } from '../../components/ui/card.js';
import { Logo } from '../../components/ui/logo.js';

/** Centered card for sign-in, registration and password recovery. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="relative flex flex-1 flex-col items-center overflow-hidden px-4 pt-10 pb-16 sm:pt-16"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[420px] bg-[radial-gradient(60%_70%_at_50%_0%,var(--color-brand-100),transparent)]"
      />
      <Link to="/" aria-label="ChapterWise home" className="mb-8 rounded-lg">
        <Logo />
      </Link>
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1.5 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </Card>
    </main>
  );
}
