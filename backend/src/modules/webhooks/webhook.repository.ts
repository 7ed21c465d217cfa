import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { WebhookDeliveryStatus, WebhookEventType } from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { In, type DataSource, type Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { SecretBox } from '../../common/secret-box.js';
import { WebhookAttemptEntity } from './entities/webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import { WebhookEntity } from './entities/webhook.entity.js';

export type NewDelivery = Pick<WebhookDeliveryEntity, 'webhookId' | 'ownerId' | 'eventId' | 'eventType' | 'payload'>;
export type AttemptRecord = Omit<WebhookAttemptEntity, 'id' | 'deliveryId'>;

@Injectable()
export class WebhookRepository {
  private readonly webhooks: Repository<WebhookEntity>;
  private readonly deliveries: Repository<WebhookDeliveryEntity>;
  private readonly attempts: Repository<WebhookAttemptEntity>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly secrets: SecretBox,
  ) {
    this.webhooks = dataSource.getRepository(WebhookEntity);
    this.deliveries = dataSource.getRepository(WebhookDeliveryEntity);
    this.attempts = dataSource.getRepository(WebhookAttemptEntity);
  }

  listOwned(ownerId: string): Promise<WebhookEntity[]> {
    return this.webhooks.find({ where: { ownerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findOwned(ownerId: string, id: string): Promise<WebhookEntity | null> {
    return this.webhooks.findOneBy({ ownerId, id });
  }

  findById(id: string): Promise<WebhookEntity | null> {
    return this.webhooks.findOneBy({ id });
  }

  async listSubscribed(ownerId: string, type: WebhookEventType): Promise<WebhookEntity[]> {
    return (await this.listOwned(ownerId)).filter((webhook) => webhook.events.includes(type));
  }

  // The owner's row is locked first (MySQL), so two concurrent requests cannot both take the last place.
  async insertWithinLimit(webhook: WebhookEntity, max: number): Promise<'inserted' | 'limit' | 'duplicate'> {
    return this.dataSource.transaction(async (tx) => {
      if (this.dataSource.options.type === 'mysql') {
        await tx
          .getRepository(UserEntity)
          .createQueryBuilder('user')
          .setLock('pessimistic_write')
          .where('user.id = :id', { id: webhook.ownerId })
          .getOne();
      }
      const existing = await tx.find(WebhookEntity, { where: { ownerId: webhook.ownerId } });
      if (existing.some((other) => other.url === webhook.url)) return 'duplicate';
      if (existing.length >= max) return 'limit';
      // The signing secret is stored encrypted; the caller keeps the plain one to show once.
      await tx.insert(WebhookEntity, { ...webhook, secret: this.secrets.seal(webhook.secret) });
      return 'inserted';
    });
  }

  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    const result = await this.webhooks.delete({ ownerId, id });
    return (result.affected ?? 0) > 0;
  }

  async latestDeliveries(webhookIds: string[]): Promise<Map<string, WebhookDeliveryEntity>> {
    const latest = new Map<string, WebhookDeliveryEntity>();
    for (const webhookId of webhookIds) {
      const [delivery] = await this.deliveries.find({
        where: { webhookId },
        order: { createdAt: 'DESC', id: 'ASC' },
        take: 1,
      });
      if (delivery) latest.set(webhookId, delivery);
    }
    return latest;
  }

  async createDelivery(fields: NewDelivery): Promise<WebhookDeliveryEntity> {
    const now = new Date();
    await this.deliveries
      .createQueryBuilder()
      .insert()
      .values({
        id: randomUUID(),
        ...fields,
        status: 'pending',
        attemptCount: 0,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .orIgnore()
      .execute();
    return this.deliveries.findOneByOrFail({ webhookId: fields.webhookId, eventId: fields.eventId });
  }

  findDelivery(id: string): Promise<WebhookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ id });
  }

  async listDeliveries(
    webhookId: string,
    limit: number,
  ): Promise<Array<{ delivery: WebhookDeliveryEntity; attempts: WebhookAttemptEntity[] }>> {
    const deliveries = await this.deliveries.find({
      where: { webhookId },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
    const attempts = deliveries.length
      ? await this.attempts.find({
          where: { deliveryId: In(deliveries.map((delivery) => delivery.id)) },
          order: { attempt: 'ASC' },
        })
      : [];
    return deliveries.map((delivery) => ({
      delivery,
      attempts: attempts.filter((attempt) => attempt.deliveryId === delivery.id),
    }));
  }

  // Only if try N-1 was the last one recorded: a job that runs twice writes one row (JOB-1).
  async recordAttempt(
    deliveryId: string,
    attempt: AttemptRecord,
    next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null },
  ): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const moved = await tx.update(
        WebhookDeliveryEntity,
        { id: deliveryId, attemptCount: attempt.attempt - 1, status: 'pending' },
        { attemptCount: attempt.attempt, status: next.status, nextAttemptAt: next.nextAttemptAt },
      );
      if (!moved.affected) return false;
      await tx.insert(WebhookAttemptEntity, { id: randomUUID(), deliveryId, ...attempt });
      return true;
    });
  }

  async pruneDeliveries(webhookId: string, keep: number): Promise<void> {
    const old = await this.deliveries.find({
      select: { id: true },
      where: { webhookId },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: keep,
      take: 500,
    });
    if (old.length) await this.deliveries.delete({ id: In(old.map((delivery) => delivery.id)) });
  }
}
