import type { AudioQuery } from '@chapterwise/shared';
import { MESSAGES } from '@chapterwise/shared';
import { useMutation } from '@tanstack/react-query';
import { unwrap, uiErrorOf } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { useNowPlaying } from '@/components/now-playing.js';
import { useToast } from '@/components/toasts.js';
import { takeAudio } from '@/utils/audio-cache.js';
import { sendMessage } from '@/utils/messaging.js';

export function ListenButton({
  query,
  label,
  title,
  summaryExists,
  missingSummaryText,
}: {
  query: AudioQuery;
  label: string;
  title: string;
  summaryExists: boolean;
  missingSummaryText: string;
}) {
  const toast = useToast();
  const { play } = useNowPlaying();
  const audio = useMutation({
    mutationFn: async () => takeAudio((await unwrap(sendMessage('generateAudio', query))).audio_url),
    onSuccess: (source) => {
      play({ source, title });
      toast(MESSAGES.audioPlaying);
    },
  });
  return (
    <div className="stack-tight">
      <button
        type="button"
        onClick={() => audio.mutate()}
        disabled={!summaryExists || audio.isPending}
        title={summaryExists ? undefined : missingSummaryText}
      >
        {audio.isPending ? 'Generating audio...' : label}
      </button>
      {audio.isError && (
        <ErrorNotice error={uiErrorOf(audio.error, MESSAGES.audioFailed)} onRetry={() => audio.mutate()} />
      )}
    </div>
  );
}
