import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from './app-error.js';

export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    throw AppError.validation(describeIssue(result.error.issues[0]));
  }
}

// Zod's default messages ("Invalid input: expected string, received undefined") are not written for people.
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'Invalid input';
  const field = issue.path.map(String).join('.') || 'input';
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${field} is required`;
  if (/^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(issue.message)) return `${field}: ${issue.message}`;
  return issue.message;
}
