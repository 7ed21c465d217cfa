import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A session token signed out before its expiry (logout); kept until the token would have expired anyway. */
@Entity('revoked_sessions')
export class RevokedSessionEntity {
  @PrimaryColumn({ name: 'session_id', type: 'varchar', length: 36 })
  sessionId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ name: 'expires_at', type: 'datetime' })
  expiresAt!: Date;
}
