export * from './study-engine.port.js';
export { createStudyEngine, studyEngineFor } from './study-engine.factory.js';
export {
  StudyEngineEnvShape,
  StudyEngineEnvSchema,
  parseStudyEngineConfig,
  llmConfig,
  type LlmConfig,
  type StudyEngineConfig,
} from './study-engine.config.js';
export { InMemoryLlmUsageLedger } from './in-memory-usage-ledger.js';
export { OfflineStudyEngine } from './offline-study-engine.adapter.js';
export { OpenAiStudyEngine, type OpenAiStudyEngineSettings } from './openai-study-engine.adapter.js';
export { ELI12_MAX_GRADE, fleschKincaidGrade } from '../../study-kit/index.js';
