/** The account's query keys, apart from the queries: the sign-in page needs them without the API client. */
export const accountKeys = {
  all: ['account'] as const,
  me: () => [...accountKeys.all, 'me'] as const,
  usage: () => [...accountKeys.all, 'usage'] as const,
  receipts: () => [...accountKeys.all, 'receipts'] as const,
};
