import { panelFocusItem, sourceBooksItem } from '@/utils/storage.js';

/** Remembers that the PDF at `key` (a sourceKey) is the book `bookId`. */
export async function rememberSource(key: string, bookId: string): Promise<void> {
  const books = await sourceBooksItem.getValue();
  if (books[key] === bookId) return;
  await sourceBooksItem.setValue({ ...books, [key]: bookId });
}

export async function bookForSource(key: string): Promise<string | null> {
  return (await sourceBooksItem.getValue())[key] ?? null;
}

/** Drops every address that pointed at a book the server no longer has. */
export async function forgetBook(bookId: string): Promise<void> {
  const books = await sourceBooksItem.getValue();
  const kept = Object.fromEntries(Object.entries(books).filter(([, id]) => id !== bookId));
  if (Object.keys(kept).length !== Object.keys(books).length) await sourceBooksItem.setValue(kept);
}

/** Tells the side panel of `windowId` (or of every window) to show a book. */
export async function focusBookInPanel(bookId: string, windowId: number | null): Promise<void> {
  await panelFocusItem.setValue({ bookId, windowId, at: Date.now() });
}
