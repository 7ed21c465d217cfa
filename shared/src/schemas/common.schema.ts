import { z } from 'zod';

export const ErrorResponseSchema = z.object({
  detail: z.string(),
  code: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const IdParamSchema = z.object({ id: z.uuid() });

export const EmailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid email address' }))
  .transform((email) => email.toLowerCase());
