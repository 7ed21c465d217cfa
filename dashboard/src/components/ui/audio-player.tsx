import { Headphones } from 'lucide-react';

/** Plays generated audio; it starts at once because the user just asked for it. */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-3 sm:p-4">
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-brand-800">
        <Headphones className="size-4" aria-hidden="true" />
        {label}
      </p>
      <audio controls autoPlay src={src} className="w-full" aria-label={label}>
        <a href={src}>Download the audio</a>
      </audio>
    </div>
  );
}
