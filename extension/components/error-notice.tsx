import type { UiError } from '@/utils/ui-error.js';
import { OpenLink } from './open-link.js';

/** A failed call's message, with what resolves it: a page to open, or trying again. */
export function ErrorNotice({ error, onRetry }: { error: UiError | null | undefined; onRetry?: () => void }) {
  if (!error) return null;
  return (
    <div className={`notice notice-error notice-${error.kind}`} role="alert">
      <p>{error.message}</p>
      {(error.link || onRetry) && (
        <div className="row">
          {error.link && <OpenLink href={error.link.href}>{error.link.label}</OpenLink>}
          {onRetry && (
            <button type="button" className="button-small" onClick={onRetry}>
              Retry
            </button>
          )}
        </div>
      )}
    </div>
  );
}
