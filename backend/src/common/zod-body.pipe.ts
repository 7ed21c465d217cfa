import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Validates a body, query or param object with a schema from the shared contract. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw AppError.validation(describeIssue(result.error.issues[0]));
  }
}

// The contract's own messages are written for people; zod's defaults ("Invalid input: expected
// string, received undefined") are not, so those get the field name and plainer words.
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.') || 'input';
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${field} is required`;
  if (/^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message)) return `${field}: ${issue.message}`;
  return issue.message;
}
