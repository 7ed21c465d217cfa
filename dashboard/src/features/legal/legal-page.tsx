import { type ReactNode } from 'react';
import { BackLink } from '../../components/back-link.js';
import { SiteHeader } from '../../components/site-header.js';

export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <title>{`${title} · ChapterWise`}</title>
        <BackLink to="/">Back to Home</BackLink>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-4 text-lg text-slate-600">{intro}</p>
        <div className="mt-10 space-y-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-2 [&_p]:mt-3 [&_p]:leading-7 [&_p]:text-slate-700 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ul]:leading-7 [&_ul]:text-slate-700">
          {children}
        </div>
      </main>
    </>
  );
}
