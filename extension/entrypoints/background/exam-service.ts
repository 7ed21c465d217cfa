import { EXTENSION_TEXT } from '@/utils/ui-error.js';
import { serverDetailOr, type BackendSession } from './backend-session.js';

/** Exam mode as the side panel shows it: today's work per upcoming exam. */
export class ExamService {
  constructor(private readonly session: BackendSession) {}

  today() {
    return this.session.call((api) => api.today(), serverDetailOr(EXTENSION_TEXT.todayFailed));
  }
}
