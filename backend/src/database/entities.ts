import { JobEntity } from '../jobs/job.entity.js';
import { PasswordResetEntity } from '../modules/auth/password-reset.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';

/** Every entity, registered once for both dialects. */
export const ENTITIES = [UserEntity, PasswordResetEntity, JobEntity];
