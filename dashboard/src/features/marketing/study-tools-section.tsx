import { BookOpenText, GraduationCap, Layers, MessageSquareQuote } from 'lucide-react';

/** What the product does beyond the spec's six feature cards: the study tools, in a section of their own. */
export const STUDY_TOOLS = [
  {
    icon: Layers,
    title: 'Flashcards that schedule themselves',
    text: 'Every chapter becomes question and fill-in-the-blank cards, each citing its page, reviewed on a spaced-repetition schedule (FSRS) and exportable to Anki.',
  },
  {
    icon: GraduationCap,
    title: 'Practice quizzes',
    text: 'Multiple-choice questions from each chapter, graded at once with an explanation and the page to re-read.',
  },
  {
    icon: BookOpenText,
    title: 'A reader beside your notes',
    text: 'Read the book in the app with its notes at hand: highlight passages, add your own notes and ask for a simpler explanation of any sentence.',
  },
  {
    icon: MessageSquareQuote,
    title: 'Search with cited answers',
    text: 'Search inside every book you uploaded, or ask a question and get an answer that cites the pages it comes from.',
  },
] as const;

export function StudyToolsSection({ className = '' }: { className?: string }) {
  return (
    <section aria-labelledby="study-tools" className={className}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Study tools</p>
          <h2 id="study-tools" className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900">
            From reading to remembering
          </h2>
          <p className="mt-3 text-slate-600">
            Notes are the start. These tools make you recall what you read, so it is still there on exam day.
          </p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2">
          {STUDY_TOOLS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
              <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <Icon className="size-5" aria-hidden="true" />
              </div>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
