import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ProgressBar } from '../../components/ui/progress-bar.js';
import { accountQueries } from '../account/queries.js';

/** This month's uploads against the plan's limit; hidden when the numbers are not available. */
export function UsageMeter() {
  const usage = useQuery({ ...accountQueries.usage(), retry: false });
  if (!usage.data) return null;
  const { used, limit } = usage.data;
  if (limit === null) {
    return <p className="mt-4 text-sm text-slate-500">{`${used} uploads this month · unlimited on your plan`}</p>;
  }
  const full = used >= limit;
  return (
    <div className="mt-5 flex flex-col gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 sm:w-fit sm:flex-row sm:items-center sm:gap-4">
      <p className="text-sm whitespace-nowrap text-slate-600">
        <span className="font-semibold text-slate-900 tabular-nums">{`${used} of ${limit}`}</span> uploads used this
        month
      </p>
      <ProgressBar
        value={(used / Math.max(limit, 1)) * 100}
        label="Uploads used this month"
        tone={full ? 'red' : 'brand'}
        className="sm:w-48"
      />
      {full && (
        <Link to="/pricing" className="text-sm font-semibold whitespace-nowrap text-brand-600 hover:underline">
          Get more uploads
        </Link>
      )}
    </div>
  );
}
