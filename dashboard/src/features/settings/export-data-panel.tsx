import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { useExportAccountMutation } from './queries.js';

/** Export my data: a zip of the account's rows and files. */
export function ExportDataPanel() {
  const exportData = useExportAccountMutation();
  return (
    <Card className="p-5 sm:p-7">
      <section aria-labelledby="export-heading" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Download className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0">
            <h2 id="export-heading" className="text-lg font-semibold text-slate-900">
              Your data
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Download a zip of everything in your account: your books and their PDFs, summaries, topics, narration,
              summary PDFs and slide decks.
            </p>
          </div>
        </div>
        <Button variant="outline" className="shrink-0" busy={exportData.isPending} onClick={() => exportData.mutate()}>
          Export my data
        </Button>
      </section>
    </Card>
  );
}
