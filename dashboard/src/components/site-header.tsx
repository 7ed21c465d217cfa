import { Link } from '@tanstack/react-router';
import { useSession } from '../lib/session.js';
import { buttonClasses } from './ui/button.js';
import { Logo } from './ui/logo.js';

/** Header of the public pages: Pricing, Login and Start for visitors; Dashboard once signed in. */
export function SiteHeader() {
  const { token } = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link to="/" aria-label="ChapterWise home" className="rounded-lg">
          <Logo wordmarkClassName="max-[399px]:sr-only" />
        </Link>
        <div className="flex items-center gap-1 sm:gap-2">
          <Link to="/pricing" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'px-2.5 sm:px-3' })}>
            Pricing
          </Link>
          {token ? (
            <Link to="/dashboard" className={buttonClasses({ size: 'sm' })}>
              Dashboard
            </Link>
          ) : (
            <>
              <Link to="/auth" className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'px-2.5 sm:px-3' })}>
                Login
              </Link>
              <Link
                to="/auth"
                search={{ mode: 'register' }}
                className={buttonClasses({ size: 'sm', className: 'px-3.5' })}
              >
                Start
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
