import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../features/billing/pricing-page.js';

export const Route = createFileRoute('/pricing')({ component: PricingPage });
