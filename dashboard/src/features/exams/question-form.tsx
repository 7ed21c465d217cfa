import {
  QUESTION_KINDS,
  QUESTION_OPTIONS_MAX,
  questionShapeProblem,
  type Chapter,
  type CreateQuestionRequest,
  type Question,
  type QuestionKind,
  type UpdateQuestionRequest,
} from '@chapterwise/shared';
import { Check, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Field, Input, Select, Textarea } from '../../components/ui/field.js';
import { toastError } from '../../lib/errors.js';
import { toast } from '../../lib/toast.js';
import { chapterHeading } from '../books/chapter-heading.js';
import { explanationShown, KIND_LABELS } from './exam-labels.js';
import { useAddQuestionMutation, useUpdateQuestionMutation } from './queries.js';

export interface QuestionDraft {
  chapterId: string;
  kind: QuestionKind;
  prompt: string;
  options: string[];
  answer: number | null;
  answerText: string;
  explanation: string;
  pageLabel: string;
}

const TRUE_FALSE = ['True', 'False'];

export function draftOf(question: Question): QuestionDraft {
  return {
    chapterId: question.chapter_id,
    kind: question.kind,
    prompt: question.prompt,
    options: question.options,
    answer: question.answer,
    answerText: question.answer_text,
    // What the bank shows: an edited book exercise does not bring back the reading's note on its answer.
    explanation: explanationShown(question),
    pageLabel: question.page_label,
  };
}

/** The options a kind starts with when the student switches to it. */
export function optionsForKind(kind: QuestionKind, current: string[]): string[] {
  if (kind === 'true_false') return TRUE_FALSE;
  if (kind === 'book_exercise') return [];
  const kept = current.filter((option) => !TRUE_FALSE.includes(option));
  return kept.length >= 2 ? kept : ['', '', '', ''];
}

/** The request a draft makes, or what is wrong with it (the shared rule of a whole question, then the fields). */
export function questionRequest(draft: QuestionDraft): { body: CreateQuestionRequest } | { problem: string } {
  const options = draft.kind === 'book_exercise' ? [] : draft.options.map((option) => option.trim());
  if (!draft.prompt.trim()) return { problem: 'Write the question.' };
  if (options.some((option) => !option)) return { problem: 'Fill in every option, or remove the empty ones.' };
  if (!draft.pageLabel.trim()) return { problem: 'Give the page where the answer stands.' };
  const answer = draft.kind === 'book_exercise' ? null : draft.answer;
  const shape = questionShapeProblem({ kind: draft.kind, options, answer });
  if (shape) return { problem: answer === null && draft.kind !== 'book_exercise' ? 'Mark the right option.' : shape };
  return {
    body: {
      chapter_id: draft.chapterId,
      kind: draft.kind,
      prompt: draft.prompt.trim(),
      options,
      answer,
      answer_text: draft.kind === 'book_exercise' ? draft.answerText.trim() : (options[answer!] ?? ''),
      explanation: draft.explanation.trim(),
      page_label: draft.pageLabel.trim(),
    },
  };
}

/** Add a question to a chapter of the bank, or edit one (its chapter and kind stay). */
export function QuestionForm({
  bookId,
  chapters,
  question,
  initialChapterId,
  onDone,
}: {
  bookId: string;
  chapters: Chapter[];
  question?: Question;
  initialChapterId?: string;
  onDone: () => void;
}) {
  const id = useId();
  const add = useAddQuestionMutation(bookId);
  const update = useUpdateQuestionMutation(bookId);
  const [draft, setDraft] = useState<QuestionDraft>(() =>
    question
      ? draftOf(question)
      : {
          chapterId: initialChapterId ?? chapters[0]?.id ?? '',
          kind: 'multiple_choice',
          prompt: '',
          options: ['', '', '', ''],
          answer: null,
          answerText: '',
          explanation: '',
          pageLabel: '',
        },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const choices = draft.kind !== 'book_exercise';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = questionRequest(draft);
    if ('problem' in request) {
      setProblem(request.problem);
      return;
    }
    setProblem(null);
    const options = {
      onSuccess: () => {
        toast.success(question ? 'Question saved' : 'Question added');
        onDone();
      },
      onError: (error: unknown) => toastError(error, 'Could not save the question.'),
    };
    if (question) {
      const { chapter_id: _chapter, kind: _kind, ...changes } = request.body;
      update.mutate({ id: question.id, body: changes as UpdateQuestionRequest }, options);
    } else {
      add.mutate(request.body, options);
    }
  };

  return (
    <Card className="p-4 sm:p-5">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={question ? 'Edit question' : 'New question'}>
        {!question && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Chapter">
              {(control) => (
                <Select
                  {...control}
                  value={draft.chapterId}
                  onChange={(event) => setDraft({ ...draft, chapterId: event.target.value })}
                >
                  {chapters.map((chapter) => (
                    <option key={chapter.id} value={chapter.id}>
                      {chapterHeading(chapter)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Kind">
              {(control) => (
                <Select
                  {...control}
                  value={draft.kind}
                  onChange={(event) => {
                    const kind = event.target.value as QuestionKind;
                    setDraft({ ...draft, kind, options: optionsForKind(kind, draft.options), answer: null });
                  }}
                >
                  {QUESTION_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {KIND_LABELS[kind]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        )}
        <Field label={draft.kind === 'cloze' ? 'Sentence (use ___ for the gap)' : 'Question'}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              className="min-h-20"
              value={draft.prompt}
              onChange={(event) => setDraft({ ...draft, prompt: event.target.value })}
            />
          )}
        </Field>
        {choices ? (
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-700">Options: mark the right one</legend>
            <ul className="mt-2 space-y-2">
              {draft.options.map((option, index) => (
                <li key={index} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`${id}-answer`}
                    className="size-4 shrink-0 accent-brand-600"
                    aria-label={`Option ${index + 1} is the right answer`}
                    checked={draft.answer === index}
                    onChange={() => setDraft({ ...draft, answer: index })}
                  />
                  <Input
                    aria-label={`Option ${index + 1}`}
                    className="h-10"
                    value={option}
                    readOnly={draft.kind === 'true_false'}
                    onChange={(event) =>
                      setDraft({
                        ...draft,
                        options: draft.options.map((item, at) => (at === index ? event.target.value : item)),
                      })
                    }
                  />
                  {draft.kind !== 'true_false' && draft.options.length > 2 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="px-2"
                      aria-label={`Remove option ${index + 1}`}
                      onClick={() =>
                        setDraft({
                          ...draft,
                          options: draft.options.filter((_, at) => at !== index),
                          answer:
                            draft.answer === null || draft.answer === index
                              ? null
                              : draft.answer > index
                                ? draft.answer - 1
                                : draft.answer,
                        })
                      }
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {draft.kind !== 'true_false' && draft.options.length < QUESTION_OPTIONS_MAX && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-2"
                onClick={() => setDraft({ ...draft, options: [...draft.options, ''] })}
                icon={<Plus className="size-4" aria-hidden="true" />}
              >
                Add option
              </Button>
            )}
          </fieldset>
        ) : (
          <Field label="Answer (optional)">
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                className="min-h-20"
                value={draft.answerText}
                onChange={(event) => setDraft({ ...draft, answerText: event.target.value })}
              />
            )}
          </Field>
        )}
        <Field label="Explanation (optional)">
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              className="min-h-20"
              value={draft.explanation}
              onChange={(event) => setDraft({ ...draft, explanation: event.target.value })}
            />
          )}
        </Field>
        <Field label="Page" hint="The page as printed, where the answer stands." error={problem}>
          {(control) => (
            <Input
              {...control}
              className="max-w-32"
              value={draft.pageLabel}
              onChange={(event) => setDraft({ ...draft, pageLabel: event.target.value })}
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            busy={add.isPending || update.isPending}
            icon={<Check className="size-4" aria-hidden="true" />}
          >
            {question ? 'Save question' : 'Add question'}
          </Button>
          <Button variant="ghost" onClick={onDone} icon={<X className="size-4" aria-hidden="true" />}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
