import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('pages')
export class PageEntity {
  @PrimaryColumn({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @PrimaryColumn({ type: 'int' })
  number!: number;

  /** The printed page label ("xii", "143"). */
  @Column({ type: 'varchar', length: 32 })
  label!: string;

  @Column({ type: 'text' })
  text!: string;

  /** Phrases the page sets in bold or italic (null for pages read before the reader kept them). */
  @Column({ type: 'simple-json', nullable: true })
  emphasis!: string[] | null;

  @Column({ type: 'varchar', length: 8 })
  source!: 'text' | 'ocr';

  @Column({ name: 'ocr_confidence', type: 'float', nullable: true })
  ocrConfidence!: number | null;
}
