import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Brackets, In, LessThan, type DataSource, type Repository } from 'typeorm';
import { SubscriptionEntity, type PaymentProvider, type SubscriptionStatus } from './subscription.entity.js';

export type NewSubscription = Pick<
  SubscriptionEntity,
  'userId' | 'provider' | 'providerRef' | 'plan' | 'currency' | 'amountMinor' | 'sessionId'
>;

@Injectable()
export class SubscriptionRepository {
  private readonly subscriptions: Repository<SubscriptionEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.subscriptions = dataSource.getRepository(SubscriptionEntity);
  }

  async createPending(fields: NewSubscription): Promise<SubscriptionEntity> {
    const id = randomUUID();
    await this.subscriptions.insert({ ...fields, id, status: 'pending', currentPeriodEnd: null, lastEventAt: null });
    return this.subscriptions.findOneByOrFail({ id });
  }

  findOwnedBySession(userId: string, sessionId: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ userId, sessionId });
  }

  findOwnedByProviderRef(
    userId: string,
    provider: PaymentProvider,
    providerRef: string,
  ): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ userId, provider, providerRef });
  }

  /** For the public test checkout page and provider webhooks, which carry no user. */
  findBySession(sessionId: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ sessionId });
  }

  findByProviderRef(provider: PaymentProvider, providerRef: string): Promise<SubscriptionEntity | null> {
    return this.subscriptions.findOneBy({ provider, providerRef });
  }

  findAllForUser(userId: string): Promise<SubscriptionEntity[]> {
    return this.subscriptions.findBy({ userId });
  }

  /** Paying subscriptions whose period has ended: their renewal is due and worth asking the provider about. */
  findRenewalsDue(now: Date, limit = 200): Promise<SubscriptionEntity[]> {
    return this.subscriptions.find({
      where: { status: In(['active', 'past_due'] satisfies SubscriptionStatus[]), currentPeriodEnd: LessThan(now) },
      order: { currentPeriodEnd: 'ASC' },
      take: limit,
    });
  }

  /** Records a verified provider state; with `eventAt`, only if no newer event applied. Returns whether it did. */
  async applyState(
    id: string,
    state: { status: SubscriptionStatus; currentPeriodEnd?: Date | null },
    eventAt?: Date,
  ): Promise<boolean> {
    const changes: Partial<SubscriptionEntity> = { status: state.status };
    if (state.currentPeriodEnd) changes.currentPeriodEnd = state.currentPeriodEnd;
    if (eventAt) changes.lastEventAt = eventAt;
    const query = this.subscriptions
      .createQueryBuilder()
      .update(SubscriptionEntity)
      .set(changes)
      .where('id = :id', { id });
    if (eventAt) {
      query.andWhere(
        new Brackets((newer) => newer.where('last_event_at IS NULL').orWhere('last_event_at <= :eventAt', { eventAt })),
      );
    }
    const result = await query.execute();
    return (result.affected ?? 0) > 0;
  }
}
