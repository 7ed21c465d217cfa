import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NowPlayingProvider } from '@/components/now-playing.js';
import { ToastProvider } from '@/components/toasts.js';
import '@/components/ui.css';
import { SidePanelApp } from './app.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ToastProvider>
      <NowPlayingProvider>
        <SidePanelApp />
      </NowPlayingProvider>
    </ToastProvider>
  </StrictMode>,
);
