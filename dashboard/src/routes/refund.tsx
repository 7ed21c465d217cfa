import { createFileRoute } from '@tanstack/react-router';
import { RefundPage } from '../features/legal/refund-page.js';

export const Route = createFileRoute('/refund')({ component: RefundPage });
