import type { AudioQuery } from '@chapterwise/shared';
import { MESSAGES } from '@chapterwise/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap, uiErrorOf } from '@/components/background.js';
import { ErrorNotice } from '@/components/error-notice.js';
import { useToast } from '@/components/toasts.js';
import { takeAudio } from '@/utils/audio-cache.js';
import { sendMessage } from '@/utils/messaging.js';

/** A Listen button that narrates a summary (POST /audio/generate) and plays it. */
export function ListenButton({
  query,
  label,
  summaryExists,
  missingSummaryText,
}: {
  query: AudioQuery;
  label: string;
  summaryExists: boolean;
  missingSummaryText: string;
}) {
  const toast = useToast();
  const audio = useMutation({
    mutationFn: async () => takeAudio((await unwrap(sendMessage('generateAudio', query))).audio_url),
    onSuccess: () => toast(MESSAGES.audioPlaying),
  });
  const source = audio.data;
  useEffect(() => (source ? () => URL.revokeObjectURL(source) : undefined), [source]);
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
      {audio.isError && <ErrorNotice error={uiErrorOf(audio.error, MESSAGES.audioFailed)} />}
      {source && <audio className="audio" controls autoPlay src={source} />}
    </div>
  );
}
