import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Uploads counted per user and UTC calendar month. */
@Entity('upload_usage')
export class UploadUsageEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @PrimaryColumn({ type: 'varchar', length: 7 })
  period!: string;

  @Column({ type: 'int', default: 0 })
  used!: number;
}
