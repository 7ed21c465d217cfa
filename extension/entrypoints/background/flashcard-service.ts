import type { ReviewRating } from '@chapterwise/shared';
import { serverDetailOr, type BackendSession } from './backend-session.js';

export class FlashcardService {
  constructor(private readonly session: BackendSession) {}

  dueFlashcards(bookId: string) {
    return this.session.call((api) => api.dueFlashcards(bookId), serverDetailOr('Could not load your due cards.'));
  }

  reviewFlashcard({ id, rating }: { id: string; rating: ReviewRating }) {
    return this.session.call(
      (api) => api.reviewFlashcard(id, rating),
      serverDetailOr('Could not save your rating. Please try again.'),
    );
  }
}
