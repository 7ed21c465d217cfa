import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contentless FTS5 (text stays in `pages`), kept in step by triggers; cascades fire the delete trigger. */
export class Search1763683600000 implements MigrationInterface {
  name = 'Search1763683600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE VIRTUAL TABLE page_search USING fts5(text, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`,
    );
    await db.query(`CREATE TRIGGER pages_search_insert AFTER INSERT ON pages BEGIN
      INSERT INTO page_search (rowid, text) VALUES (new.rowid, new.text);
    END`);
    await db.query(`CREATE TRIGGER pages_search_delete AFTER DELETE ON pages BEGIN
      DELETE FROM page_search WHERE rowid = old.rowid;
    END`);
    await db.query(`CREATE TRIGGER pages_search_update AFTER UPDATE OF text ON pages BEGIN
      DELETE FROM page_search WHERE rowid = old.rowid;
      INSERT INTO page_search (rowid, text) VALUES (new.rowid, new.text);
    END`);
    await db.query(`INSERT INTO page_search (rowid, text) SELECT rowid, text FROM pages`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER pages_search_update`);
    await db.query(`DROP TRIGGER pages_search_delete`);
    await db.query(`DROP TRIGGER pages_search_insert`);
    await db.query(`DROP TABLE page_search`);
  }
}
