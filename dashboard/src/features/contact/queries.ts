import { type ContactRequest } from '@chapterwise/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api.js';

/** Nothing cached lists sent messages: the page alone reports the outcome and clears its form. */
export function useSendContactMessageMutation() {
  return useMutation({ mutationFn: (message: ContactRequest) => api.contact(message) });
}
