import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from '@/components/toasts.js';
import '@/components/ui.css';
import { SidePanelApp } from './app.js';

// Background answers carry their own error text; retrying would only repeat it.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SidePanelApp />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
