import { MESSAGES, type Topic } from '@chapterwise/shared';
import { Lightbulb, Sparkles } from 'lucide-react';
import { toast } from '../../lib/toast.js';
import { Button } from '../../components/ui/button.js';
import { toastError } from '../../lib/errors.js';
import { type PageLinkResolver } from '../../lib/page-references.js';
import { CitationLink } from '../study/cited-text.js';
import { SummaryMarkdown } from '../study/summary-markdown.js';
import { useExplainTopicMutation } from './queries.js';

/** A key topic with its ELI12 button; the explanation is attached to the topic once generated. */
export function TopicCard({
  topic,
  chapterId,
  resolvePageLink,
}: {
  topic: Topic;
  chapterId: string;
  resolvePageLink?: PageLinkResolver;
}) {
  const explain = useExplainTopicMutation(chapterId, topic.id, {
    onExplained: () => toast.success(MESSAGES.eli12Generated),
    onFailed: (error) => toastError(error, MESSAGES.eli12Failed, { preferDetail: false }),
  });

  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{topic.title}</h3>
        {!topic.eli12_summary && (
          <Button
            variant="secondary"
            size="sm"
            busy={explain.isPending}
            onClick={() => explain.mutate()}
            icon={<Sparkles className="size-4" aria-hidden="true" />}
            aria-label={`ELI12: explain “${topic.title}” like I'm 12`}
          >
            ELI12
          </Button>
        )}
      </div>
      {topic.pages.length > 0 && (
        <p className="mt-1 flex flex-wrap gap-1.5 text-xs text-slate-500">
          {topic.pages.map((label) => {
            const href = resolvePageLink?.(label);
            return href ? (
              <CitationLink
                key={label}
                href={href}
                label={label}
                className="rounded bg-brand-50 px-1.5 py-0.5 font-medium text-brand-700 hover:bg-brand-100"
              >
                {`p. ${label}`}
              </CitationLink>
            ) : (
              <span key={label} className="rounded bg-slate-100 px-1.5 py-0.5">{`p. ${label}`}</span>
            );
          })}
        </p>
      )}
      {topic.eli12_summary && (
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3.5">
          <p className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold text-amber-900">
            <Lightbulb className="size-4 text-amber-600" aria-hidden="true" />
            Explain Like I'm 12
          </p>
          <div className="[&_.summary-prose]:text-sm [&_.summary-prose]:leading-6 [&_.summary-prose]:text-amber-950">
            <SummaryMarkdown text={topic.eli12_summary} resolvePageLink={resolvePageLink} />
          </div>
        </div>
      )}
    </li>
  );
}
