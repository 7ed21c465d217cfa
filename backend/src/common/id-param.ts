import { Param, type PipeTransform } from '@nestjs/common';
import { AppError } from './app-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    // A malformed id names nothing, exactly like someone else's id (AC-1).
    if (!UUID.test(value)) throw AppError.notFound();
    return value.toLowerCase();
  }
}

export const IdParam = (name = 'id') => Param(name, new UuidPipe());
