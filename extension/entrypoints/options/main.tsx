import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/components/ui.css';
import { OptionsApp } from './options-app.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <OptionsApp />
  </StrictMode>,
);
