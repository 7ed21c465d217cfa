/** Opened during the click (so popup blockers allow it) for a URL known only after a request. */
export interface PendingTab {
  go: (url: string) => void;
  close: () => void;
}

export function openPendingTab(message: string): PendingTab {
  const tab = window.open('', '_blank');
  if (tab) {
    try {
      tab.document.title = message;
      tab.document.body.textContent = message;
      tab.document.body.style.font = '16px system-ui, sans-serif';
      tab.document.body.style.padding = '2rem';
      tab.document.body.style.color = '#334155';
    } catch {
      // A browser that isolates the new tab still navigates it below.
    }
  }
  return {
    go: (url) => {
      if (tab && !tab.closed) {
        // The tab must not be able to script the dashboard.
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener,noreferrer');
      }
    },
    close: () => tab?.close(),
  };
}

export function downloadFile(url: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
