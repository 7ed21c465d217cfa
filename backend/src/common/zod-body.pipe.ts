import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from './app-error.js';

/** Validates a body, query or param object with a schema from the shared contract. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.join('.');
    const detail = issue ? (field && issue.code !== 'custom' ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
    throw AppError.validation(humanise(detail, issue?.code));
  }
}

// zod's generic wording ("Invalid input: expected string, received undefined") is for developers.
function humanise(detail: string, code: string | undefined): string {
  if (code === 'invalid_type' && /received undefined/.test(detail)) return detail.replace(/:.*$/, ' is required');
  return detail;
}
