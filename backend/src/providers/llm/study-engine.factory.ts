import { OfflineStudyEngine } from './offline-study-engine.adapter.js';
import { OpenAiStudyEngine } from './openai-study-engine.adapter.js';
import { parseStudyEngineConfig, type StudyEngineConfig } from './study-engine.config.js';
import type { LlmUsageLedger, StudyEngine } from './study-engine.port.js';

/**
 * The LangChain engine when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set, otherwise the offline
 * engine. `config` is a plain object with the LLM_* variables (strings or numbers).
 */
export function createStudyEngine(config: StudyEngineConfig, ledger: LlmUsageLedger): StudyEngine {
  const settings = parseStudyEngineConfig(config);
  if (!settings.LLM_BASE_URL || !settings.LLM_API_KEY || !settings.LLM_MODEL) return new OfflineStudyEngine();
  return new OpenAiStudyEngine(
    {
      baseUrl: settings.LLM_BASE_URL,
      apiKey: settings.LLM_API_KEY,
      model: settings.LLM_MODEL,
      chunkTokens: settings.LLM_CHUNK_TOKENS,
      concurrency: settings.LLM_CONCURRENCY,
      timeoutMs: settings.LLM_TIMEOUT_S * 1000,
      maxRetries: settings.LLM_MAX_RETRIES,
      dailyTokenBudget: settings.LLM_DAILY_TOKEN_BUDGET,
    },
    ledger,
  );
}
