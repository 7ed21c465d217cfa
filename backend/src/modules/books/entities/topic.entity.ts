import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('topics')
export class TopicEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'simple-json' })
  pages!: string[];

  @Column({ name: 'eli12_summary', type: 'text', nullable: true })
  eli12Summary!: string | null;
}
