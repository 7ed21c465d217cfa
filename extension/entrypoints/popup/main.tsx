import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui.css';
import { PopupApp } from './popup-app.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PopupApp />
  </StrictMode>,
);
