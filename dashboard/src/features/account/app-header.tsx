import { planLabel } from '@chapterwise/shared';
import { Link, useMatches } from '@tanstack/react-router';
import { CalendarCheck, Crown, GraduationCap, LogOut, Search, Settings, type LucideIcon } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Logo } from '../../components/ui/logo.js';
import { useSession } from '../../lib/session.js';
import { cn } from '../../lib/cn.js';
import { useLogout } from './use-logout.js';

// Icon-only links below 1024 px, with slimmer pads on narrow phones so the free plan's header fits down to 320 px.
const NAV_LINK = 'px-2.5 max-[399px]:px-2 max-[359px]:px-1.5';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** On a phone the page takes the whole screen and offers its own way back (the reader): no site header. */
    immersive?: boolean;
  }
}

/** Header of the signed-in pages: plan badge, Upgrade (free plan only), the study pages, Settings and Logout. */
export function AppHeader() {
  const { user } = useSession();
  const logout = useLogout();
  const plan = user?.plan ?? 'free';
  const immersive = useMatches({ select: (matches) => matches.some((match) => match.staticData.immersive) });
  return (
    <header
      className={cn(
        'sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur-md',
        immersive && 'max-sm:hidden',
      )}
    >
      <nav aria-label="Account" className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link to="/dashboard" aria-label="ChapterWise library" className="rounded-lg">
          <Logo wordmarkClassName="max-[479px]:sr-only" />
        </Link>
        <div className="flex items-center gap-0.5 min-[360px]:gap-1 min-[400px]:gap-1.5 sm:gap-3">
          <Badge tone={plan === 'free' ? 'slate' : 'brand'} className="tracking-wide">
            <span className="sr-only">Plan: </span>
            {planLabel(plan)}
          </Badge>
          {plan === 'free' && (
            <Link
              to="/pricing"
              className={buttonClasses({ variant: 'upgrade', size: 'sm', className: 'max-[479px]:px-2.5' })}
            >
              <Crown className="size-4" aria-hidden="true" />
              <span className="max-[479px]:sr-only">Upgrade</span>
            </Link>
          )}
          <NavLink to="/today" icon={CalendarCheck} label="Today" />
          <NavLink to="/exams" icon={GraduationCap} label="Exams" />
          <NavLink to="/search" icon={Search} label="Search" />
          <NavLink to="/settings" icon={Settings} label="Settings" />
          <Button
            variant="ghost"
            size="sm"
            onClick={logout}
            className={NAV_LINK}
            icon={<LogOut className="size-4" aria-hidden="true" />}
          >
            <span className="max-lg:sr-only">Logout</span>
          </Button>
        </div>
      </nav>
    </header>
  );
}

/** A page of the header: its icon, and its name (read aloud only, below 1024 px). */
function NavLink({
  to,
  icon: Icon,
  label,
}: {
  to: '/today' | '/exams' | '/search' | '/settings';
  icon: LucideIcon;
  label: string;
}) {
  return (
    <Link
      to={to}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: NAV_LINK })}
      activeProps={{ className: 'bg-slate-100 text-slate-900' }}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span className="max-lg:sr-only">{label}</span>
    </Link>
  );
}
