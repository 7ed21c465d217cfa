import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { useExportAccountMutation } from './queries.js';

/** What the archive holds (backend/src/modules/account: the user's rows and files). */
export const EXPORT_CONTENTS = [
  'Your books and their PDFs',
  'Chapter notes and book summaries',
  'Key topics and ELI12 explanations',
  'Flashcards with their review schedule and history',
  'Quiz attempts and their answers',
  'Exams with their plans, question banks and practice exams',
  'Highlights and your notes in the reader',
  'Narration (MP3)',
  'Summary PDFs and slide decks',
] as const;

/** Export my data: a zip of the account's rows and files. */
export function ExportDataPanel() {
  const exportData = useExportAccountMutation();
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="export-heading" className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Download className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
              Your data
            </h2>
            <p className="mt-1 text-sm text-slate-600">Download a zip of everything in your account:</p>
            <ul className="mt-2 grid list-disc gap-x-6 gap-y-1 pl-5 text-sm text-slate-600 sm:grid-cols-2">
              {EXPORT_CONTENTS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        <Button variant="outline" className="shrink-0" busy={exportData.isPending} onClick={() => exportData.mutate()}>
          Export my data
        </Button>
      </section>
    </Card>
  );
}
