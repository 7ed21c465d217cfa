import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { MESSAGES } from '@chapterwise/shared';
import type { UserEntity } from '../modules/users/user.entity.js';

export const IS_PUBLIC = 'chapterwise:public';

/** Marks a route as reachable without a session: the explicit allow-list of AC-2. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const SESSION_ONLY = 'chapterwise:session-only';

/**
 * Marks a route that needs a dashboard session: a personal API token is refused with 403 and `refusal`,
 * which says why (account routes by default; token management passes its own).
 */
export const SessionOnly = (refusal: string = MESSAGES.apiTokenAccountRoutes) => SetMetadata(SESSION_ONLY, refusal);

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserEntity =>
    context.switchToHttp().getRequest<{ user: UserEntity }>().user,
);
