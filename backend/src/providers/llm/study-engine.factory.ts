import { OfflineStudyEngine } from './offline-study-engine.adapter.js';
import { OpenAiStudyEngine } from './openai-study-engine.adapter.js';
import { llmConfig, parseStudyEngineConfig, type LlmConfig, type StudyEngineConfig } from './study-engine.config.js';
import type { FallbackNotesEngine, LlmUsageLedger, StudyEngine } from './study-engine.port.js';

/** The LangChain engine when the endpoint, key and model are all set, otherwise the offline engine. */
export function studyEngineFor(config: LlmConfig, ledger: LlmUsageLedger): StudyEngine {
  if (!config.baseUrl || !config.apiKey || !config.model) return new OfflineStudyEngine();
  return new OpenAiStudyEngine(
    {
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      chunkTokens: config.chunkTokens,
      concurrency: config.concurrency,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      dailyTokenBudget: config.dailyTokenBudget,
    },
    ledger,
  );
}

/** The offline engine for notes a model could not write: the configured one when it is offline (one worker thread). */
export function fallbackNotesEngineFor(engine: StudyEngine): FallbackNotesEngine {
  return engine.kind === 'offline' ? engine : new OfflineStudyEngine();
}

/** `studyEngineFor` from a plain object of LLM_* variables (strings or numbers): tests and benchmarks. */
export function createStudyEngine(config: StudyEngineConfig, ledger: LlmUsageLedger): StudyEngine {
  return studyEngineFor(llmConfig(parseStudyEngineConfig(config)), ledger);
}
