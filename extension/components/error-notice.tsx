import type { UiError } from '@/utils/ui-error.js';
import { OpenLink } from './open-link.js';

export function ErrorNotice({ error }: { error: UiError | null | undefined }) {
  if (!error) return null;
  return (
    <div className={`notice notice-error notice-${error.kind}`} role="alert">
      <p>{error.message}</p>
      {error.link && <OpenLink href={error.link.href}>{error.link.label}</OpenLink>}
    </div>
  );
}
