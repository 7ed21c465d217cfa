import { sanitiseUserText } from '@chapterwise/shared';
import escapeHtml from 'escape-html';
import { createRequire } from 'node:module';

export interface ExportCard {
  kind: 'qa' | 'cloze';
  front: string;
  back: string;
  pageLabel: string;
  chapterTitle: string;
}

// Rows stored before input was cleaned may still hold NUL or bidirectional overrides: they never leave in a file.
function cleanCard(card: ExportCard): ExportCard {
  return {
    kind: card.kind,
    front: sanitiseUserText(card.front, { multiline: true }),
    back: sanitiseUserText(card.back, { multiline: true }),
    pageLabel: sanitiseUserText(card.pageLabel),
    chapterTitle: sanitiseUserText(card.chapterTitle),
  };
}

/** RFC 4180 CSV with a header; a cell a spreadsheet would run as a formula is prefixed with '. */
export function flashcardsCsv(cards: ExportCard[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const rows = [['front', 'back', 'page', 'chapter', 'kind']];
  for (const card of cards.map(cleanCard))
    rows.push([card.front, card.back, card.pageLabel, card.chapterTitle, card.kind]);
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

interface AnkiDeck {
  addCard(front: string, back: string, options?: { tags?: string[] }): void;
  save(): Promise<Buffer>;
}
type AnkiExportFactory = (deckName: string) => AnkiDeck;

let factory: AnkiExportFactory | undefined;

// anki-apkg-export is CommonJS and loads sql.js (pure JS SQLite) when first required: load it on first export.
function ankiExport(): AnkiExportFactory {
  if (!factory) {
    const loaded = createRequire(import.meta.url)('anki-apkg-export') as { default: AnkiExportFactory };
    factory = loaded.default;
  }
  return factory;
}

/** An Anki package: one note per card (Front, Back); the Back field ends with the page citation and chapter. */
export async function flashcardsApkg(deckName: string, cards: ExportCard[]): Promise<Buffer> {
  const deck = ankiExport()(sanitiseUserText(deckName));
  for (const card of cards.map(cleanCard)) {
    const citation = `p. ${card.pageLabel}${card.chapterTitle ? ` · ${card.chapterTitle}` : ''}`;
    deck.addCard(escapeHtml(card.front), `${escapeHtml(card.back)}<br><br><small>${escapeHtml(citation)}</small>`, {
      tags: ['chapterwise', card.kind, `page_${card.pageLabel.replace(/\s+/g, '_')}`],
    });
  }
  return deck.save();
}
