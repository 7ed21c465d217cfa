import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface Narration {
  /** A blob: URL the player owns and revokes. */
  source: string;
  title: string;
}

interface NowPlaying {
  narration: Narration | null;
  play: (narration: Narration) => void;
  stop: () => void;
}

const NowPlayingContext = createContext<NowPlaying>({ narration: null, play: () => undefined, stop: () => undefined });

/** One narration for the whole panel: it keeps playing while the student moves between views. */
export function NowPlayingProvider({ children }: { children: ReactNode }) {
  const [narration, setNarration] = useState<Narration | null>(null);
  const replace = useCallback((next: Narration | null) => {
    setNarration((current) => {
      if (current) URL.revokeObjectURL(current.source);
      return next;
    });
  }, []);
  const value = useMemo<NowPlaying>(
    () => ({ narration, play: replace, stop: () => replace(null) }),
    [narration, replace],
  );
  return <NowPlayingContext.Provider value={value}>{children}</NowPlayingContext.Provider>;
}

export const useNowPlaying = () => useContext(NowPlayingContext);

export function MiniPlayer() {
  const { narration, stop } = useNowPlaying();
  if (!narration) return null;
  return (
    <section className="mini-player" aria-label="Narration">
      <span className="small mini-player-title">{narration.title}</span>
      <audio className="audio" controls autoPlay src={narration.source} />
      <button type="button" className="button-small" onClick={stop}>
        Stop
      </button>
    </section>
  );
}
