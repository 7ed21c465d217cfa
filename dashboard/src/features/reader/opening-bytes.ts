import { fetchTakingEarly } from '../../lib/early-requests.js';

// pdf.js reads only the ranges a page needs; small chunks waste little around each object.
export const RANGE_CHUNK_BYTES = 8 * 1024;
// A PDF's end holds its cross-reference table and often its fonts: fetched with the head, it halves
// pdf.js's sequential round trips before a page shows.
const TAIL_BYTES = 64 * 1024;

/** The two ranges a book is opened with: its first chunk and its last 64 KB. */
export const OPENING_RANGES = [`bytes=0-${RANGE_CHUNK_BYTES - 1}`, `bytes=-${TAIL_BYTES}`] as const;

export type OpeningBytes =
  | { kind: 'ranges'; total: number; head: Uint8Array; tail: { begin: number; bytes: Uint8Array } }
  | { kind: 'whole'; data: Uint8Array }
  | { kind: 'no-ranges' };

export async function fetchOpeningBytes(url: string): Promise<OpeningBytes> {
  const [head, tail] = await Promise.all(
    OPENING_RANGES.map((range) => fetchTakingEarly(url, { headers: { Range: range } })),
  );
  const total = totalOf(head!);
  const tailBegin = Number(/^bytes (\d+)-/.exec(tail!.headers.get('Content-Range') ?? '')?.[1]);
  if (head!.status !== 206 || total === null || tail!.status !== 206 || !Number.isFinite(tailBegin)) {
    await Promise.all([head!.body?.cancel(), tail!.body?.cancel()]);
    return { kind: 'no-ranges' };
  }
  const [headBytes, tailBytes] = await Promise.all([head!.arrayBuffer(), tail!.arrayBuffer()]);
  if (tailBegin <= headBytes.byteLength) {
    const data = new Uint8Array(total);
    data.set(new Uint8Array(tailBytes), tailBegin);
    data.set(new Uint8Array(headBytes), 0);
    return { kind: 'whole', data };
  }
  return {
    kind: 'ranges',
    total,
    head: new Uint8Array(headBytes),
    tail: { begin: tailBegin, bytes: new Uint8Array(tailBytes) },
  };
}

function totalOf(response: Response): number | null {
  const total = Number(/\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1]);
  return Number.isFinite(total) && total > 0 ? total : null;
}
