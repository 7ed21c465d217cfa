import { Injectable } from '@nestjs/common';
import type { Receipt, ReceiptsResponse } from '@chapterwise/shared';
import type { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';

/** The account page's receipts: the payments the verified payment flows recorded, the user's own only. */
@Injectable()
export class ReceiptsService {
  constructor(private readonly subscriptions: SubscriptionRepository) {}

  async receipts(userId: string, limit: number): Promise<ReceiptsResponse> {
    const paid = await this.subscriptions.findPaidForUser(userId, limit);
    return { receipts: paid.map(toReceipt) };
  }
}

function toReceipt(subscription: SubscriptionEntity): Receipt {
  return {
    id: subscription.id,
    date: subscription.createdAt.toISOString(),
    amount_minor: subscription.amountMinor,
    currency: subscription.currency,
    provider: subscription.provider,
    plan: subscription.plan,
    reference: subscription.providerRef,
    status: statusOf(subscription),
  };
}

function statusOf(subscription: SubscriptionEntity): Receipt['status'] {
  switch (subscription.status) {
    case 'active':
    case 'past_due':
    case 'pending':
      return 'active';
    case 'cancelled':
      return 'cancelled';
    case 'failed':
    case 'expired':
      return 'ended';
  }
}
