import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { DatabaseLlmUsageLedger } from './database-usage-ledger.adapter.js';
import { fallbackNotesEngineFor, studyEngineFor } from './study-engine.factory.js';
import { FallbackNotesEngine, LlmUsageLedger, StudyEngine } from './study-engine.port.js';

/** The study engine every feature uses: LangChain when an LLM endpoint is configured, offline otherwise. */
@Global()
@Module({
  providers: [
    { provide: LlmUsageLedger, useClass: DatabaseLlmUsageLedger },
    {
      provide: StudyEngine,
      inject: [AppConfig, LlmUsageLedger],
      useFactory: (config: AppConfig, ledger: LlmUsageLedger) => studyEngineFor(config.llm, ledger),
    },
    { provide: FallbackNotesEngine, inject: [StudyEngine], useFactory: fallbackNotesEngineFor },
  ],
  exports: [StudyEngine, FallbackNotesEngine, LlmUsageLedger],
})
export class StudyEngineModule {}
