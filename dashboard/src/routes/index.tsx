import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/marketing/landing-page.js';

export const Route = createFileRoute('/')({ component: LandingPage });
