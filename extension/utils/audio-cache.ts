// Signed files carry CORP same-origin, so an extension <audio> cannot load them: the background downloads the
// narration into Cache Storage, shared by every extension page, and the side panel plays it as a blob: URL.
const AUDIO_CACHE = 'chapterwise-audio';

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
