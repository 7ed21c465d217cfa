import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/legal/terms-page.js';

export const Route = createFileRoute('/terms')({ component: TermsPage });
