import { z } from 'zod';

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Deleting an account asks for the current password, compared exactly as typed. */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().min(1, 'Password is required').max(1024),
});
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequestSchema>;
