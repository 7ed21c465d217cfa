import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('llm_usage')
export class LlmUsageEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ type: 'varchar', length: 32 })
  operation!: string;

  @Column({ type: 'varchar', length: 120 })
  model!: string;

  @Column({ name: 'input_tokens', type: 'int' })
  inputTokens!: number;

  @Column({ name: 'output_tokens', type: 'int' })
  outputTokens!: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
