import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { DatabaseLlmUsageLedger } from './database-usage-ledger.adapter.js';
import { studyEngineFor } from './study-engine.factory.js';
import { LlmUsageLedger, StudyEngine } from './study-engine.port.js';

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
  ],
  exports: [StudyEngine, LlmUsageLedger],
})
export class StudyEngineModule {}
