import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createApp } from './app.js';
import './styles.css';

const { router, queryClient } = createApp();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
