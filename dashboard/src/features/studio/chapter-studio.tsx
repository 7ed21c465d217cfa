import { CLOZE_BLANK, type Flashcard, type Quiz, type QuizResult } from '@chapterwise/shared';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check, GraduationCap, Layers, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast.js';
import { Button, buttonClasses } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Field, Input, Textarea } from '../../components/ui/field.js';
import { toastError } from '../../lib/errors.js';
import {
  studioQueries,
  useAddFlashcardMutation,
  useAnswerQuizMutation,
  useCreateQuizMutation,
  useDeleteFlashcardMutation,
  useGenerateFlashcardsMutation,
  useUpdateFlashcardMutation,
} from './queries.js';
import { once } from '../../lib/once.js';
import type { PageLinkResolver } from '../../lib/page-references.js';
import { PageLink } from '../study/page-link.js';

interface StudioSectionProps {
  chapterId: string;
  bookId: string;
  /** Links a cited page (and the sentence to mark on it) into the reader; undefined until the labels load. */
  resolvePageLink?: PageLinkResolver;
}

/** The chapter's flashcards: generated, edited and added, each citing its page. */
export function FlashcardsSection({ chapterId, bookId, resolvePageLink }: StudioSectionProps) {
  const { data: cards } = useSuspenseQuery(studioQueries.cards(chapterId));
  const generate = useGenerateFlashcardsMutation(chapterId);
  const [adding, setAdding] = useState(false);

  return (
    <section aria-labelledby="flashcards-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Layers className="size-5 text-brand-600" aria-hidden="true" />
          <h2 id="flashcards-heading" className="text-lg font-semibold text-slate-900">
            Flashcards
          </h2>
          {cards.length > 0 && <span className="text-sm text-slate-500">{`${cards.length} cards`}</span>}
        </div>
        <div className="flex flex-wrap gap-2">
          {cards.length > 0 && (
            <Link to="/review" search={{ book: bookId }} className={buttonClasses({ variant: 'secondary' })}>
              Review due cards
            </Link>
          )}
          <Button
            variant={cards.length ? 'outline' : 'primary'}
            busy={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: (made) => toast.success(`${made.length} flashcards ready`),
                onError: (error) => toastError(error, 'Could not generate flashcards. Please try again.'),
              })
            }
            icon={<Layers className="size-4" aria-hidden="true" />}
          >
            {cards.length ? 'Regenerate cards' : 'Generate flashcards'}
          </Button>
          <Button
            variant="outline"
            onClick={() => setAdding(true)}
            icon={<Plus className="size-4" aria-hidden="true" />}
          >
            Add card
          </Button>
        </div>
      </div>
      {cards.length > 0 && (
        <p className="mb-3 text-xs text-slate-500">Regenerating replaces only cards you have not reviewed yet.</p>
      )}
      {adding && <CardForm chapterId={chapterId} onDone={() => setAdding(false)} />}
      {cards.length === 0 && !adding ? (
        <p className="rounded-xl border-2 border-dashed border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-500">
          Turn this chapter into question and fill-in-the-blank cards, each with the page to check.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {cards.map((card) => (
            <FlashcardItem key={card.id} card={card} resolvePageLink={resolvePageLink} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FlashcardItem({ card, resolvePageLink }: { card: Flashcard; resolvePageLink?: PageLinkResolver }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteFlashcardMutation();
  if (editing) return <CardForm card={card} chapterId={card.chapter_id} onDone={() => setEditing(false)} />;
  return (
    <li>
      <Card className="flex h-full flex-col p-4">
        <p className="text-xs font-medium text-brand-600">{card.kind === 'cloze' ? 'Fill in the blank' : 'Question'}</p>
        <p className="mt-1 text-sm font-medium break-words text-slate-900">{card.front}</p>
        <p className="mt-2 text-sm break-words text-slate-600">{card.back}</p>
        <div className="mt-auto flex items-center justify-between gap-2 pt-3">
          <span className="text-xs text-slate-500">
            <PageLink label={card.page_label} sentence={citedSentence(card)} resolvePageLink={resolvePageLink} />
            {` · ${card.state}`}
          </span>
          <span className="flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit card: ${card.front}`}>
              <Pencil className="size-4" aria-hidden="true" />
            </Button>
            <Button
              size="sm"
              variant="ghost"
              busy={remove.isPending}
              onClick={() =>
                remove.mutate(card, { onError: (error) => toastError(error, 'Could not delete the card.') })
              }
              aria-label={`Delete card: ${card.front}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </span>
        </div>
      </Card>
    </li>
  );
}

function CardForm({ chapterId, card, onDone }: { chapterId: string; card?: Flashcard; onDone: () => void }) {
  const add = useAddFlashcardMutation(chapterId);
  const update = useUpdateFlashcardMutation();
  const [front, setFront] = useState(card?.front ?? '');
  const [back, setBack] = useState(card?.back ?? '');
  const [page, setPage] = useState(card?.page_label ?? '');
  const [error, setError] = useState<string | null>(null);
  const pending = add.isPending || update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!front.trim() || !back.trim() || !page.trim()) {
      setError('Fill in the question, the answer and the page.');
      return;
    }
    const body = { front: front.trim(), back: back.trim(), page_label: page.trim() };
    const options = {
      onSuccess: () => {
        toast.success(card ? 'Card saved' : 'Card added');
        onDone();
      },
      onError: (failure: unknown) => toastError(failure, 'Could not save the card.'),
    };
    if (card) update.mutate({ id: card.id, body }, options);
    else add.mutate(body, options);
  };

  return (
    <li className="list-none md:col-span-2">
      <Card className="mb-3 p-4">
        <form onSubmit={submit} className="space-y-3" aria-label={card ? 'Edit card' : 'New card'}>
          <Field label="Question">
            {(control) => <Textarea {...control} rows={2} value={front} onChange={(e) => setFront(e.target.value)} />}
          </Field>
          <Field label="Answer">
            {(control) => <Textarea {...control} rows={2} value={back} onChange={(e) => setBack(e.target.value)} />}
          </Field>
          <Field label="Page" error={error}>
            {(control) => (
              <Input {...control} className="max-w-32" value={page} onChange={(e) => setPage(e.target.value)} />
            )}
          </Field>
          <div className="flex gap-2">
            <Button type="submit" busy={pending} icon={<Check className="size-4" aria-hidden="true" />}>
              {card ? 'Save card' : 'Add card'}
            </Button>
            <Button variant="ghost" onClick={onDone} icon={<X className="size-4" aria-hidden="true" />}>
              Cancel
            </Button>
          </div>
        </form>
      </Card>
    </li>
  );
}

/** The chapter's practice quiz: multiple choice, graded with an explanation and the page to re-read. */
export function QuizSection({ chapterId, bookId, resolvePageLink }: StudioSectionProps) {
  const create = useCreateQuizMutation(chapterId);
  const answer = useAnswerQuizMutation(bookId, chapterId);
  const [quiz, setQuiz] = useState<Quiz | null>(null);
  const [choices, setChoices] = useState<Record<string, number>>({});
  const [result, setResult] = useState<QuizResult | null>(null);

  const start = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setQuiz(made);
        setChoices({});
        setResult(null);
      },
      onError: (error) => toastError(error, 'Could not make a quiz. Please try again.'),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!quiz) return;
    answer.mutate(
      {
        quizId: quiz.id,
        body: { answers: Object.entries(choices).map(([question_id, choice]) => ({ question_id, choice })) },
      },
      { onSuccess: setResult, onError: (error) => toastError(error, 'Could not grade the quiz. Please try again.') },
    );
  };
  const unanswered = quiz ? quiz.questions.filter((question) => choices[question.id] === undefined).length : 0;
  const byQuestion = new Map(result?.results.map((item) => [item.question_id, item]));

  return (
    <section aria-labelledby="quiz-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <GraduationCap className="size-5 text-brand-600" aria-hidden="true" />
          <h2 id="quiz-heading" className="text-lg font-semibold text-slate-900">
            Practice quiz
          </h2>
        </div>
        <Button variant={quiz ? 'outline' : 'primary'} busy={create.isPending} onClick={start}>
          {quiz ? 'New quiz' : 'Start a quiz'}
        </Button>
      </div>
      <QuizHistory chapterId={chapterId} />
      {!quiz ? (
        <p className="rounded-xl border-2 border-dashed border-slate-200 bg-white px-4 py-10 text-center text-sm text-slate-500">
          Test yourself with multiple-choice questions; answers show after you submit.
        </p>
      ) : (
        <form onSubmit={submit} aria-label="Practice quiz">
          {result && (
            <p role="status" className="mb-4 rounded-xl bg-brand-50 px-4 py-3 text-base font-semibold text-brand-800">
              {`Score: ${result.score} of ${result.total}`}
            </p>
          )}
          <ol className="space-y-4">
            {quiz.questions.map((question, number) => {
              const graded = byQuestion.get(question.id);
              return (
                <li key={question.id}>
                  <Card className="p-4">
                    <fieldset disabled={Boolean(result)}>
                      <legend className="text-sm font-medium break-words text-slate-900">{`${number + 1}. ${question.prompt}`}</legend>
                      <div className="mt-3 space-y-2">
                        {question.options.map((option, index) => {
                          const isCorrect = graded && graded.correct_choice === index;
                          const isWrongPick = graded && !graded.correct && graded.choice === index;
                          return (
                            <label
                              key={index}
                              className={`flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm ${
                                isCorrect
                                  ? 'border-emerald-300 bg-emerald-50'
                                  : isWrongPick
                                    ? 'border-red-300 bg-red-50'
                                    : 'border-slate-200'
                              }`}
                            >
                              <input
                                type="radio"
                                name={question.id}
                                className="mt-0.5"
                                checked={choices[question.id] === index}
                                onChange={() => setChoices((current) => ({ ...current, [question.id]: index }))}
                              />
                              <span className="break-words">
                                {option}
                                {isCorrect && <span className="ml-2 font-medium text-emerald-700">Correct answer</span>}
                                {isWrongPick && <span className="ml-2 font-medium text-red-700">Your answer</span>}
                              </span>
                            </label>
                          );
                        })}
                      </div>
                    </fieldset>
                    {graded && (
                      <div className="mt-3 text-sm text-slate-700">
                        <p className={graded.correct ? 'font-medium text-emerald-700' : 'font-medium text-red-700'}>
                          {graded.correct ? 'Correct' : 'Not quite'}
                        </p>
                        <p className="mt-1 break-words">{graded.explanation}</p>
                        <p className="mt-1 text-slate-500">
                          <PageLink
                            label={graded.page_label}
                            sentence={graded.explanation}
                            resolvePageLink={resolvePageLink}
                            text={`Re-read page ${graded.page_label}`}
                          />
                        </p>
                      </div>
                    )}
                  </Card>
                </li>
              );
            })}
          </ol>
          {!result && (
            <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
              <Button
                type="submit"
                busy={answer.isPending}
                disabled={unanswered > 0}
                aria-describedby={unanswered > 0 ? 'quiz-submit-why' : undefined}
              >
                Submit answers
              </Button>
              {unanswered > 0 && (
                <p id="quiz-submit-why" className="text-sm text-slate-600" aria-live="polite">
                  {submitHint(quiz.questions.length, unanswered)}
                </p>
              )}
            </div>
          )}
        </form>
      )}
    </section>
  );
}

/** The sentence a card stands on, to mark in the reader: a cloze card's front with its blank filled. */
function citedSentence(card: Flashcard): string {
  return card.kind === 'cloze' ? card.front.replace(CLOZE_BLANK, card.back) : card.back;
}

/** Why Submit is disabled: "Answer all 8 questions to submit: 2 left". */
export function submitHint(questions: number, unanswered: number): string {
  const all = questions === 1 ? 'the question' : `all ${questions} questions`;
  return `Answer ${all} to submit: ${unanswered} left`;
}

const attemptDate = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }));
// The latest few are enough to see progress; the best score is on the book page.
const HISTORY_SHOWN = 5;

function QuizHistory({ chapterId }: { chapterId: string }) {
  const attempts = useQuery(studioQueries.quizAttempts(chapterId)).data;
  if (!attempts?.length) return null;
  return (
    <section aria-labelledby="quiz-history-heading" className="mb-4">
      <h3 id="quiz-history-heading" className="text-sm font-medium text-slate-700">
        Past attempts
      </h3>
      <ol className="mt-1 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {attempts.slice(0, HISTORY_SHOWN).map((attempt) => (
          <li key={attempt.id} className="flex items-center justify-between gap-3 px-3 py-1.5">
            <time dateTime={attempt.created_at} className="text-slate-600">
              {attemptDate().format(new Date(attempt.created_at))}
            </time>
            <span className="font-medium text-slate-900 tabular-nums">{`${attempt.score} of ${attempt.total}`}</span>
          </li>
        ))}
      </ol>
      {attempts.length > HISTORY_SHOWN && (
        <p className="mt-1 text-xs text-slate-500">{`${attempts.length} attempts in all`}</p>
      )}
    </section>
  );
}
