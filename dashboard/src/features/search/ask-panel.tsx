import {
  errorMessage,
  MESSAGES,
  readerPath,
  SEARCH_QUERY_MAX_CHARS,
  type SearchAnswer,
  type SearchCitation,
} from '@chapterwise/shared';
import { Link, useNavigate } from '@tanstack/react-router';
import { BookOpen, Info, ListTree, MessageCircleQuestion, Sparkles } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Textarea } from '../../components/ui/field.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { cn } from '../../lib/cn.js';
import { answerParts, type AnswerPart } from './answer-parts.js';
import { useAnswerQuestionMutation } from './queries.js';

const ENGINE_NOTES: Record<SearchAnswer['engine'], string> = {
  llm: 'Written by AI from the passages below',
  extractive: 'Quoted from your books — no AI model is configured',
};

export function AskPanel({
  bookId,
  bookTitle,
  className,
}: {
  bookId: string | undefined;
  bookTitle: string | undefined;
  className?: string;
}) {
  const questionId = useId();
  const [question, setQuestion] = useState('');
  const [blank, setBlank] = useState(false);
  const ask = useAnswerQuestionMutation();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const q = question.trim();
    setBlank(!q);
    if (q && !ask.isPending) ask.mutate({ q, book_id: bookId });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  return (
    <Card className={cn('p-5 sm:p-6', className)}>
      <section aria-labelledby={`${questionId}-heading`}>
        <div className="flex items-center gap-2">
          <div className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-violet-600 text-white shadow-sm">
            <MessageCircleQuestion className="size-5" aria-hidden="true" />
          </div>
          <h2 id={`${questionId}-heading`} className="text-lg font-semibold text-slate-900">
            Ask your library
          </h2>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          {bookTitle ? `Answers from “${bookTitle}”, ` : 'Answers from all your books, '}
          with the page each point comes from.
        </p>
        <form onSubmit={submit} className="mt-4 space-y-3">
          <label htmlFor={questionId} className="sr-only">
            Your question
          </label>
          <Textarea
            id={questionId}
            rows={3}
            maxLength={SEARCH_QUERY_MAX_CHARS}
            placeholder="e.g. Why are glaciers shrinking?"
            className="min-h-24! resize-y"
            value={question}
            aria-invalid={blank || undefined}
            aria-describedby={blank ? `${questionId}-blank` : undefined}
            onChange={(event) => {
              setQuestion(event.target.value);
              if (blank) setBlank(false);
            }}
            onKeyDown={onKeyDown}
          />
          {blank && (
            <p id={`${questionId}-blank`} className="text-sm font-medium text-red-600">
              Type a question first.
            </p>
          )}
          <Button
            type="submit"
            className="w-full"
            busy={ask.isPending}
            icon={<Sparkles className="size-4" aria-hidden="true" />}
          >
            {ask.isPending ? 'Reading your books…' : 'Ask'}
          </Button>
        </form>

        <div aria-live="polite" aria-busy={ask.isPending}>
          {ask.isPending ? (
            <AnswerSkeleton />
          ) : ask.isError ? (
            <p role="alert" className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
              {errorMessage(ask.error, MESSAGES.searchFailed)}
            </p>
          ) : ask.data ? (
            <Answer answer={ask.data} question={ask.variables?.q ?? ''} />
          ) : null}
        </div>
      </section>
    </Card>
  );
}

function Answer({ answer, question }: { answer: SearchAnswer; question: string }) {
  const sourcesId = useId();
  const navigate = useNavigate();
  // A citation opens the reader at its page with the quoted words highlighted.
  const openInReader = (citation: SearchCitation) =>
    void navigate({ href: readerPath(citation.book_id, citation.page, citation.quote) });
  if (answer.citations.length === 0 || !answer.answered) {
    // Not answered: say so, and show the closest passages (if any) so the student can judge.
    return (
      <div className="mt-5">
        <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{`“${question}”`}</p>
          <p className="mt-1">{answer.answer}</p>
        </div>
        {answer.citations.length > 0 && (
          <>
            <h3 id={sourcesId} className="mt-5 text-sm font-semibold text-slate-900">
              Closest passages
            </h3>
            <SourceList labelledBy={sourcesId} citations={answer.citations} onOpen={openInReader} />
          </>
        )}
      </div>
    );
  }
  const engineIcon =
    answer.engine === 'llm' ? (
      <Sparkles className="size-3.5 shrink-0" aria-hidden="true" />
    ) : (
      <Info className="size-3.5 shrink-0" aria-hidden="true" />
    );
  return (
    <div className="mt-5 border-t border-slate-100 pt-5">
      <h3 className="text-sm font-semibold text-slate-900">Answer</h3>
      <p className="mt-1 text-xs break-words text-slate-500">{`“${question}”`}</p>
      <p className="mt-3 text-[15px] leading-7 break-words whitespace-pre-line text-slate-800">
        {answerRuns(answerParts(answer.answer, answer.citations)).map((run, index) =>
          typeof run === 'string' ? (
            run
          ) : (
            // A citation stays on the line of the word it follows.
            <span key={index} className="whitespace-nowrap">
              {run.word}
              {run.citations.map((part) => (
                <CitationChip key={part.number} part={part} onOpen={openInReader} />
              ))}
            </span>
          ),
        )}
      </p>
      <p
        className={cn(
          'mt-3 inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
          answer.engine === 'llm' ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600',
        )}
      >
        {engineIcon}
        {ENGINE_NOTES[answer.engine]}
      </p>

      <h3 id={sourcesId} className="mt-5 text-sm font-semibold text-slate-900">
        Sources
      </h3>
      <SourceList labelledBy={sourcesId} citations={answer.citations} onOpen={openInReader} />
    </div>
  );
}

function SourceList({
  labelledBy,
  citations,
  onOpen,
}: {
  labelledBy: string;
  citations: SearchAnswer['citations'];
  onOpen: (citation: SearchCitation) => void;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="mt-2 space-y-3">
      {citations.map((citation, index) => (
        <li key={index} className="rounded-xl border border-slate-200 p-3">
          <div className="flex items-start gap-2.5">
            <span
              aria-hidden="true"
              className="mt-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-md bg-brand-100 px-1 text-xs font-semibold text-brand-800"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 text-sm font-semibold break-words text-slate-900">
                  <span className="sr-only">{`Source ${index + 1}: `}</span>
                  {citation.book_title}
                </p>
                <span className="shrink-0 rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-600 tabular-nums">
                  {`p. ${citation.page_label}`}
                </span>
              </div>
              <blockquote className="mt-1.5 border-l-2 border-brand-200 pl-2.5 text-sm break-words text-slate-600 italic">
                {citation.quote}
              </blockquote>
              <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-brand-700">
                <button
                  type="button"
                  className="inline-flex items-center gap-1.5 rounded py-0.5 hover:underline"
                  onClick={() => onOpen(citation)}
                  aria-label={`Read at p. ${citation.page_label} of ${citation.book_title}`}
                >
                  <BookOpen className="size-4" aria-hidden="true" />
                  Read at p. {citation.page_label}
                </button>
                {citation.chapter_id && (
                  <Link
                    to="/chapters/$chapterId"
                    params={{ chapterId: citation.chapter_id }}
                    className="inline-flex items-center gap-1.5 rounded py-0.5 hover:underline"
                  >
                    <ListTree className="size-4" aria-hidden="true" />
                    Open chapter
                  </Link>
                )}
              </div>
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

type CitationPart = Extract<AnswerPart, { kind: 'citation' }>;

function answerRuns(parts: AnswerPart[]): (string | { word: string; citations: CitationPart[] })[] {
  const runs: (string | { word: string; citations: CitationPart[] })[] = [];
  for (const [index, part] of parts.entries()) {
    if (part.kind === 'citation') {
      const last = runs.at(-1);
      if (last && typeof last !== 'string') last.citations.push(part);
      else runs.push({ word: '', citations: [part] });
      continue;
    }
    const next = parts[index + 1];
    // The last word (and the space after it) joins the citations that follow.
    const split = next?.kind === 'citation' ? part.text.search(/\S+\s*$/) : -1;
    if (split < 0) {
      runs.push(part.text);
    } else {
      if (split > 0) runs.push(part.text.slice(0, split));
      runs.push({ word: part.text.slice(split), citations: [] });
    }
  }
  return runs;
}

function CitationChip({ part, onOpen }: { part: CitationPart; onOpen: (citation: SearchCitation) => void }) {
  const { citation, number } = part;
  return (
    <button
      type="button"
      onClick={() => onOpen(citation)}
      title={`${citation.book_title}, p. ${citation.page_label}`}
      aria-label={`Source ${number}: ${citation.book_title}, p. ${citation.page_label} (opens the reader)`}
      className="mx-0.5 inline-flex h-5 min-w-5 -translate-y-px items-center justify-center rounded-md bg-brand-100 px-1 align-middle text-xs font-semibold text-brand-800 transition-colors hover:bg-brand-600 hover:text-white"
    >
      {number}
    </button>
  );
}

function AnswerSkeleton() {
  return (
    <div className="mt-5 border-t border-slate-100 pt-5">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-11/12" />
      <Skeleton className="mt-2 h-4 w-4/5" />
      <Skeleton className="mt-5 h-16 w-full rounded-xl" />
    </div>
  );
}
