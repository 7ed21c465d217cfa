// The server sends its signed files with Cross-Origin-Resource-Policy: same-origin, so an <audio>
// in an extension page cannot load them directly. The background downloads the narration (CORS
// admits the extension's origin) into the extension's Cache Storage, which every extension page
// shares, and the side panel plays it from there as a blob: URL.
const AUDIO_CACHE = 'chapterwise-audio';

/** Background: keeps the narration at `url` for the side panel. */
export async function storeAudio(url: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): Promise<void> {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`Audio download failed with status ${response.status}`);
  const cache = await caches.open(AUDIO_CACHE);
  await cache.put(url, response);
}

/** Side panel: a playable blob: URL for stored narration (revoke it when done), removed from the cache. */
export async function takeAudio(url: string): Promise<string> {
  const cache = await caches.open(AUDIO_CACHE);
  const stored = await cache.match(url);
  if (!stored) throw new Error('The narration is no longer stored');
  const objectUrl = URL.createObjectURL(await stored.blob());
  await cache.delete(url);
  return objectUrl;
}
