import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type AssetKind = 'audio' | 'summary_pdf' | 'pptx';
export type AssetSubject = 'book' | 'chapter' | 'book_full';

@Entity('assets')
export class AssetEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: AssetKind;

  @Column({ type: 'varchar', length: 16 })
  subject!: AssetSubject;

  @Column({ name: 'subject_id', type: 'varchar', length: 36 })
  subjectId!: string;

  @Column({ name: 'content_hash', type: 'varchar', length: 64 })
  contentHash!: string;

  @Column({ name: 'file_key', type: 'varchar', length: 200 })
  fileKey!: string;

  @Column({ type: 'simple-json', nullable: true })
  meta!: Record<string, unknown> | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
