import { Link } from '@tanstack/react-router';
import { ArrowRight, AudioLines, Check, FileDown, FileUp, Headphones, ListTree, Search, Sparkles } from 'lucide-react';
import { SiteHeader } from '../../components/site-header.js';
import { buttonClasses } from '../../components/ui/button.js';
import { StudyToolsSection } from './study-tools-section.js';

const FEATURES = [
  {
    icon: FileUp,
    title: 'Smart Upload',
    text: 'Drop in any PDF — born-digital or scanned. We read every page, with OCR where it is needed, and find the real chapters.',
  },
  {
    icon: Sparkles,
    title: 'Auto Summarization',
    text: 'Clear chapter and whole-book summaries with page references that jump straight to the source.',
  },
  {
    icon: Headphones,
    title: 'Listen to Audio',
    text: 'Turn any summary into audio and review on your commute, at the gym or before an exam.',
  },
  {
    icon: ListTree,
    title: 'Topic Breakdown',
    text: 'Key topics for every chapter, each with a simple “Explain Like I’m 12” explanation.',
  },
  {
    icon: FileDown,
    title: 'Export Anywhere',
    text: 'Download a shortened summary PDF or an editable PowerPoint deck for your study group.',
  },
  {
    icon: Search,
    title: 'Smart Search',
    text: 'Find any book in your library instantly and jump straight to the chapter you need.',
  },
];

const STEPS = [
  { title: 'Upload a PDF', text: 'Any textbook, novel or report.' },
  { title: 'Get your chapters', text: 'Detected automatically, ready to study.' },
  { title: 'Learn your way', text: 'Read, listen, quiz yourself with topics.' },
];

/** A static picture of the product for the hero (no screenshot file needed). */
function ProductPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/70 via-violet-200/60 to-amber-100/60 blur-2xl" />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6">
        <div className="flex items-center justify-between">
          <div>
            <p className="text-xs font-medium text-brand-600">Introduction to Psychology</p>
            <p className="mt-0.5 font-semibold text-slate-900">Chapter 3: Memory and Learning</p>
          </div>
          <span className="shrink-0 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-700 ring-1 ring-emerald-600/20">
            ✓ Summary
          </span>
        </div>
        <div className="mt-4 space-y-2 text-sm leading-6 text-slate-600">
          <p>
            Memory works in three stages — <strong className="text-slate-800">encoding, storage and retrieval</strong>.
            Spaced repetition strengthens long-term recall{' '}
            <span className="rounded bg-brand-50 px-1 font-medium text-brand-700">(p. 87)</span>.
          </p>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-2">
          {['Working memory', 'Forgetting curve'].map((topic) => (
            <div
              key={topic}
              className="rounded-lg border border-slate-200 px-3 py-2 text-xs font-medium text-slate-700"
            >
              {topic}
            </div>
          ))}
        </div>
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-xs leading-5 text-amber-950">
          <p className="font-semibold text-amber-900">Explain Like I'm 12</p>
          Your brain is like a backpack: the more often you use something, the closer to the top it stays.
        </div>
        <div className="mt-4 flex items-center gap-3 rounded-lg bg-slate-900 px-3 py-2.5 text-white">
          <AudioLines className="size-4 text-brand-300" />
          <div className="h-1.5 flex-1 rounded-full bg-white/20">
            <div className="h-full w-2/5 rounded-full bg-brand-400" />
          </div>
          <span className="text-xs tabular-nums text-white/70">2:14</span>
        </div>
      </div>
    </div>
  );
}

export function LandingPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 overflow-x-clip">
        <title>ChapterWise — Turn Any Book Into Smart Summaries</title>
        <section className="relative">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(70%_60%_at_50%_0%,var(--color-brand-100),transparent)]"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pt-24">
            <div className="text-center lg:text-left">
              <p className="inline-flex items-center gap-1.5 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-xs">
                <Sparkles className="size-3.5" aria-hidden="true" />
                Your AI study assistant
              </p>
              <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
                Turn Any Book Into{' '}
                <span className="bg-gradient-to-r from-brand-600 to-violet-600 bg-clip-text text-transparent">
                  Smart Summaries
                </span>
              </h1>
              <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-slate-600 lg:mx-0">
                Upload a PDF and get chapter summaries, key topics, simple explanations and audio — so you understand
                more in less time.
              </p>
              <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
                <Link to="/auth" search={{ mode: 'register' }} className={buttonClasses({ size: 'lg' })}>
                  Start Learning Free
                  <ArrowRight className="size-5" aria-hidden="true" />
                </Link>
                <Link to="/pricing" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
                  See pricing
                </Link>
              </div>
              <ul className="mt-6 flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm text-slate-600 lg:justify-start">
                {['Free plan, no card needed', 'Works with scanned books'].map((point) => (
                  <li key={point} className="flex items-center gap-1.5">
                    <Check className="size-4 text-emerald-600" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
            <ProductPreview />
          </div>
        </section>

        <section aria-labelledby="features" className="border-y border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Features</p>
              <h2
                id="features"
                className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
              >
                Everything you need to study a book
              </h2>
            </div>
            <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li
                  key={title}
                  className="rounded-2xl border border-slate-200 bg-slate-50/50 p-6 transition hover:border-brand-200 hover:bg-white hover:shadow-md"
                >
                  <div className="flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-sm">
                    <Icon className="size-5" aria-hidden="true" />
                  </div>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1.5 text-sm leading-6 text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <StudyToolsSection className="bg-slate-50" />

        <section aria-labelledby="how" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="how" className="text-center text-3xl font-bold tracking-tight text-balance text-slate-900">
            From PDF to study kit in minutes
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="text-center">
                <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="px-4 pb-20 sm:px-6">
          <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-violet-700 px-6 py-14 text-center shadow-xl sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
              Ready to read smarter?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-brand-100">
              Join students who turn long books into clear notes, audio and slides.
            </p>
            <Link
              to="/auth"
              search={{ mode: 'register' }}
              className={buttonClasses({
                variant: 'outline',
                size: 'lg',
                className: 'mt-8 border-transparent text-brand-700 hover:bg-brand-50',
              })}
            >
              Get Started for Free
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </div>
        </section>
      </main>
    </>
  );
}
