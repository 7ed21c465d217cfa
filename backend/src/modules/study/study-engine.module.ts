import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { createStudyEngine } from '../../providers/llm/study-engine.factory.js';
import { LlmUsageLedger, StudyEngine } from '../../providers/llm/study-engine.port.js';
import { DatabaseLlmUsageLedger } from './llm-usage.ledger.js';

/** The study engine every feature uses: LangChain when an LLM endpoint is configured, offline otherwise. */
@Global()
@Module({
  providers: [
    { provide: LlmUsageLedger, useClass: DatabaseLlmUsageLedger },
    {
      provide: StudyEngine,
      inject: [AppConfig, LlmUsageLedger],
      useFactory: (config: AppConfig, ledger: LlmUsageLedger) => createStudyEngine(config.llm, ledger),
    },
  ],
  exports: [StudyEngine, LlmUsageLedger],
})
export class StudyEngineModule {}
