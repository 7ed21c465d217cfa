import { franc } from 'franc-min';
import { iso6393To1 } from 'iso-639-3';

export function guessLanguage(text: string): string | null {
  const sample = text.replace(/\s+/g, ' ').slice(0, 20_000);
  const code = franc(sample, { minLength: 40 });
  return code === 'und' ? null : (iso6393To1[code] ?? null);
}
