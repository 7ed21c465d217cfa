import type { AudioQuery } from '@chapterwise/shared';
import { Headphones } from 'lucide-react';
import { useRef, useState } from 'react';
import { api } from '../../lib/api.js';
import { signedUrlLasts } from '../../lib/signed-url.js';

/**
 * Plays generated audio; it starts at once because the user just asked for it. Its signed link dies
 * after minutes: a player paused longer, or seeking after that, asks for a fresh link (the file is
 * made once, so this is quick) and carries on from the same position.
 */
export function AudioPlayer({ src, label, content }: { src: string; label: string; content: AudioQuery }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [link, setLink] = useState(src);
  const resume = useRef<{ at: number; play: boolean } | null>(null);
  const renewing = useRef(false);
  const retried = useRef<string | null>(null);
  // Whether the listener wants it playing: autoplay at first, then their play and pause.
  const wantsPlay = useRef(true);
  // The clock check runs until the first renewal; a clock far off would otherwise renew without end.
  // Later expiries surface as the server refusing the link (onError).
  const checkClock = useRef(true);

  async function renewLink(play: boolean) {
    const audio = audioRef.current;
    if (!audio || renewing.current) return;
    renewing.current = true;
    resume.current = { at: audio.currentTime, play };
    try {
      const { audio_url } = await api.generateAudio(content);
      checkClock.current = false;
      setLink(audio_url);
    } catch {
      resume.current = null;
    } finally {
      renewing.current = false;
    }
  }

  const expired = () => checkClock.current && !signedUrlLasts(link, 0);

  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-3 sm:p-4">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-brand-800">
        <Headphones className="size-4" aria-hidden="true" />
        {label}
      </p>
      <audio
        ref={audioRef}
        controls
        // Only the first link autoplays: a renewed one resumes as the listener left it.
        autoPlay={link === src}
        src={link}
        className="w-full"
        aria-label={label}
        onPlay={(event) => {
          wantsPlay.current = true;
          if (!expired()) return;
          event.currentTarget.pause();
          void renewLink(true);
        }}
        onPause={() => {
          if (!renewing.current) wantsPlay.current = false;
        }}
        onSeeking={(event) => {
          if (expired()) void renewLink(!event.currentTarget.paused);
        }}
        // A link refused before its time (a clock off, a restarted server) is renewed once.
        onError={() => {
          if (retried.current === link) return;
          retried.current = link;
          void renewLink(wantsPlay.current);
        }}
        onLoadedMetadata={(event) => {
          const wanted = resume.current;
          if (!wanted) return;
          resume.current = null;
          event.currentTarget.currentTime = wanted.at;
          if (wanted.play) event.currentTarget.play().catch(() => undefined);
        }}
      >
        <a href={link}>Download the audio</a>
      </audio>
    </div>
  );
}
