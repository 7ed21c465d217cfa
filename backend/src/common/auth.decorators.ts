import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { UserEntity } from '../modules/users/user.entity.js';

export const IS_PUBLIC = 'chapterwise:public';

/** Marks a route as reachable without a session: the explicit allow-list of AC-2. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The signed-in user, set by the global AuthGuard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): UserEntity =>
    context.switchToHttp().getRequest<{ user: UserEntity }>().user,
);
