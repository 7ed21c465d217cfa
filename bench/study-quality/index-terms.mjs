// The bench's own reading of a back-of-book index, independent of the engine's (it is the yardstick the engine's
// topics are held against): the extracted text of the index pages the manifest lists, read line by line.
//   "arithmetic sequence, 91"            -> an entry with its pages
//   "Adams-Bashforth scheme, 2nd order," / "94"  -> one entry written over two lines
//   "chemical reactions" / "irreversible, 117"   -> a heading without pages, then its sub-entry
// Every heading and sub-entry is a term; a sub-entry also counts with its heading ("reactions, irreversible").

const PAGE_LIST = /^(?:(?:[ivxlc]+|\d+)(?:\s*[-–]\s*(?:[ivxlc]+|\d+))?(?:\s*,\s*|\s+|$))+$/i;
const ENTRY = /^(.*?\S)\s*,\s*((?:(?:[ivxlc]+|\d+)(?:\s*[-–]\s*(?:[ivxlc]+|\d+))?\s*,?\s*)+)$/i;

/** Lower case, quotes and dashes folded, parenthesised qualifiers dropped, each word's plural "s" dropped (not "-ss", "-us", "-is"). */
export function termKey(text) {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’`]/g, "'")
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .trim()
    .split(/\s+/)
    .map((word) => (word.length > 3 && /[^sui]s$/.test(word) ? word.slice(0, -1) : word))
    .join(' ');
}

/** The terms of the index pages (page texts as extracted), as their keys. */
export function indexTermsOfPages(pageTexts) {
  const lines = pageTexts
    .flatMap((text) => text.split('\n'))
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line && !/^index$/i.test(line) && !/^\p{L}$/u.test(line))
    // The index pages' own running head or foot ("Index 280").
    .filter((line) => !/^(?:index\s+\d+|\d+\s+index)$/i.test(line));
  // Join what the layout broke: a line ending in a comma or hyphen goes on; a line of page numbers ends the last.
  const joined = [];
  for (const line of lines) {
    const last = joined.at(-1);
    if (last !== undefined && (/[,-]$/.test(last) || (PAGE_LIST.test(line) && !PAGE_LIST.test(last)))) {
      joined[joined.length - 1] = `${last}${/-$/.test(last) ? '' : ' '}${line}`;
    } else joined.push(line);
  }
  const terms = new Set();
  let heading = null;
  for (const line of joined) {
    if (PAGE_LIST.test(line)) continue; // a page number of the index itself
    const entry = ENTRY.exec(line);
    const term = (entry ? entry[1] : line).trim();
    if (!/\p{L}{2}/u.test(term) || term.length > 80) continue;
    const key = termKey(term);
    if (!key) continue;
    // An entry with pages after a heading without pages is taken as its sub-entry: kept alone and with the heading.
    if (entry && heading && /^\p{Ll}/u.test(term)) terms.add(termKey(`${term} ${heading}`));
    terms.add(key);
    if (!entry) heading = term;
    else if (/^\p{Lu}/u.test(term) || !heading) heading = null;
    // "difference, of sets": the head word alone is an entry too.
    const head = /^([^,]+),/.exec(term);
    if (head) terms.add(termKey(head[1]));
  }
  return terms;
}

/** A topic is in the index when its key is an index term's key (see termKey). */
export function inIndex(topic, terms) {
  return terms.has(termKey(topic));
}
