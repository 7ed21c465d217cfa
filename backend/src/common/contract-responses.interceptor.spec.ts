import { Controller, Get, Module, Param } from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import request from 'supertest';
import { ContractResponsesInterceptor } from './contract-responses.interceptor.js';

const BOOK_ID = '7f7c9f1e-3a52-4c5e-9d55-2a4f0f3b6a10';
let topicsAnswer: unknown = [];

// Two of the contract's endpoints: "/books/{id}/chapters" is answered by a route with another parameter name.
@Controller()
class FakeController {
  @Get('chapters/:chapterId/topics')
  topics() {
    return topicsAnswer;
  }

  @Get('unlisted/:id')
  unlisted(@Param('id') id: string) {
    return { anything: id };
  }
}

async function appWith(failOnMismatch: boolean) {
  @Module({
    controllers: [FakeController],
    providers: [{ provide: APP_INTERCEPTOR, useValue: new ContractResponsesInterceptor(failOnMismatch) }],
  })
  class FakeModule {}
  const app = await NestFactory.create(FakeModule, { logger: false });
  app.setGlobalPrefix('api');
  await app.init();
  return app;
}

describe(ContractResponsesInterceptor.name, () => {
  it('lets an answer the contract describes through, and one of a route the contract does not list', async () => {
    const app = await appWith(true);
    topicsAnswer = [{ id: 't1', title: 'Volcanoes', eli12_summary: null, pages: ['4'] }];
    await request(app.getHttpServer()).get(`/api/chapters/${BOOK_ID}/topics`).expect(200, topicsAnswer);
    await request(app.getHttpServer()).get('/api/unlisted/x').expect(200, { anything: 'x' });
    await app.close();
  });

  it('fails an answer outside the contract under test, and only warns in development', async () => {
    topicsAnswer = [{ id: 't1', name: 'Volcanoes' }];
    const strict = await appWith(true);
    await request(strict.getHttpServer()).get(`/api/chapters/${BOOK_ID}/topics`).expect(500);
    // "pages" has a default in the schema; the dashboard does not apply it, so leaving it out is outside too.
    topicsAnswer = [{ id: 't1', title: 'Volcanoes', eli12_summary: null }];
    await request(strict.getHttpServer()).get(`/api/chapters/${BOOK_ID}/topics`).expect(500);
    await strict.close();
    topicsAnswer = [{ id: 't1', name: 'Volcanoes' }];
    const lenient = await appWith(false);
    await request(lenient.getHttpServer()).get(`/api/chapters/${BOOK_ID}/topics`).expect(200, topicsAnswer);
    await lenient.close();
  });
});
