import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Only the SHA-256 is stored: the token itself is shown once, at creation. */
@Entity('api_tokens')
export class ApiTokenEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 60 })
  name!: string;

  @Column({ name: 'public_id', type: 'varchar', length: 16, unique: true })
  publicId!: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'datetime', nullable: true })
  lastUsedAt!: Date | null;
}
