import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Plan } from '@chapterwise/shared';

@Entity('users')
export class UserEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** Always stored lower-cased. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 16, default: 'free' })
  plan!: Plan;

  @Column({ name: 'plan_renews_at', type: 'datetime', nullable: true })
  planRenewsAt!: Date | null;

  /** Bumped to revoke every token issued before (password reset, account deletion). */
  @Column({ name: 'token_version', type: 'int', default: 0 })
  tokenVersion!: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
