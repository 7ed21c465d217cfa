import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * The LLM_* environment variables, spread into the app's env schema and parsed once at boot into
 * `LlmConfig`. `createStudyEngine` accepts the same variables as a plain object for tests and benchmarks.
 */
export const StudyEngineEnvShape = {
  LLM_BASE_URL: optionalText.refine((value) => value === undefined || /^https?:\/\//.test(value), {
    message: 'must be an http:// or https:// URL of an OpenAI-compatible API (leave unset for the offline engine)',
  }),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  /** An embeddings model at LLM_BASE_URL: search then also ranks pages by meaning (unset = full text only). */
  EMBEDDINGS_MODEL: optionalText,
  LLM_CHUNK_TOKENS: z.coerce.number().int().min(500).max(200_000).default(3000),
  LLM_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  LLM_TIMEOUT_S: z.coerce.number().positive().max(3600).default(60),
  LLM_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  LLM_DAILY_TOKEN_BUDGET: z.coerce.number().int().min(0).default(2_000_000),
  /** The model's price, shown with the estimate of "Prepare all chapters" (unset = tokens only). */
  LLM_INPUT_USD_PER_MTOK: z.coerce.number().min(0).optional(),
  LLM_OUTPUT_USD_PER_MTOK: z.coerce.number().min(0).optional(),
};

export const StudyEngineEnvSchema = z.object(StudyEngineEnvShape);

/** The LLM_* settings as a plain object (strings from the environment, or already-parsed numbers). */
export type StudyEngineConfig = z.input<typeof StudyEngineEnvSchema>;
export type ParsedStudyEngineConfig = z.output<typeof StudyEngineEnvSchema>;

export function parseStudyEngineConfig(config: StudyEngineConfig): ParsedStudyEngineConfig {
  const parsed = StudyEngineEnvSchema.safeParse(config);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid study engine configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The parsed LLM settings every provider reads (study engine, embeddings). */
export interface LlmConfig {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  embeddingsModel: string | undefined;
  chunkTokens: number;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  dailyTokenBudget: number;
  /** USD per million tokens, when both prices are configured. */
  price: { input: number; output: number } | undefined;
}

export function llmConfig(env: ParsedStudyEngineConfig): LlmConfig {
  return {
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    embeddingsModel: env.EMBEDDINGS_MODEL,
    chunkTokens: env.LLM_CHUNK_TOKENS,
    concurrency: env.LLM_CONCURRENCY,
    timeoutMs: env.LLM_TIMEOUT_S * 1000,
    maxRetries: env.LLM_MAX_RETRIES,
    dailyTokenBudget: env.LLM_DAILY_TOKEN_BUDGET,
    price:
      env.LLM_INPUT_USD_PER_MTOK !== undefined && env.LLM_OUTPUT_USD_PER_MTOK !== undefined
        ? { input: env.LLM_INPUT_USD_PER_MTOK, output: env.LLM_OUTPUT_USD_PER_MTOK }
        : undefined,
  };
}
