import { COPYRIGHT_YEAR } from '@chapterwise/shared';
import { Link } from '@tanstack/react-router';
import { Logo } from './ui/logo.js';

const LINK = 'text-sm text-slate-400 transition-colors hover:text-white';

export function SiteFooter() {
  return (
    <footer className="mt-auto bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo inverted />
          <p className="mt-3 text-sm leading-6 text-slate-400">
            Turn any PDF book into chapter summaries, key topics, simple explanations, audio and slides — so you can
            study smarter, not longer.
          </p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/pricing" className={LINK}>
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/dashboard" className={LINK}>
                Dashboard
              </Link>
            </li>
            <li>
              <Link to="/contact" className={LINK}>
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/terms" className={LINK}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={LINK}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/refund" className={LINK}>
                Refund Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-400 sm:px-6">
          © {COPYRIGHT_YEAR} ChapterWise. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
