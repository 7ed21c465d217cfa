import { JobEntity } from '../jobs/job.entity.js';
import { ApiTokenEntity } from '../modules/api-tokens/api-token.entity.js';
import { PasswordResetEntity } from '../modules/auth/password-reset.entity.js';
import { ChargeEntity } from '../modules/billing/charge.entity.js';
import { SubscriptionEntity } from '../modules/billing/subscription.entity.js';
import { WebhookEventEntity } from '../modules/billing/webhook-event.entity.js';
import { AssetEntity } from '../modules/books/entities/asset.entity.js';
import { BookEntity } from '../modules/books/entities/book.entity.js';
import { ChapterEntity } from '../modules/books/entities/chapter.entity.js';
import { PageEntity } from '../modules/books/entities/page.entity.js';
import { TopicEntity } from '../modules/books/entities/topic.entity.js';
import { UploadUsageEntity } from '../modules/books/entities/upload-usage.entity.js';
import { ContactMessageEntity } from '../modules/contact/contact-message.entity.js';
import { LlmUsageEntity } from '../providers/llm/llm-usage.entity.js';
import {
  FlashcardEntity,
  FlashcardReviewEntity,
  QuizAttemptEntity,
  QuizEntity,
  SummaryReadEntity,
} from '../modules/studio/studio.entities.js';
import {
  ExamChapterEntity,
  ExamEntity,
  PracticeAnswerEntity,
  PracticeExamEntity,
  QuestionBankBuildEntity,
  QuestionEntity,
} from '../modules/exams/exams.entities.js';
import { HighlightEntity } from '../modules/reader/highlight.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';
import { WebhookAttemptEntity } from '../modules/webhooks/entities/webhook-attempt.entity.js';
import { WebhookDeliveryEntity } from '../modules/webhooks/entities/webhook-delivery.entity.js';
import { WebhookEntity } from '../modules/webhooks/entities/webhook.entity.js';
import { RevokedSessionEntity } from '../modules/auth/revoked-session.entity.js';
import { RetainedPaymentEntity } from '../modules/account/retained-payment.entity.js';

export const ENTITIES = [
  UserEntity,
  PasswordResetEntity,
  JobEntity,
  SubscriptionEntity,
  ChargeEntity,
  WebhookEventEntity,
  BookEntity,
  PageEntity,
  ChapterEntity,
  TopicEntity,
  UploadUsageEntity,
  AssetEntity,
  LlmUsageEntity,
  ContactMessageEntity,
  ApiTokenEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  WebhookAttemptEntity,
  RevokedSessionEntity,
  RetainedPaymentEntity,
  FlashcardEntity,
  FlashcardReviewEntity,
  QuizEntity,
  QuizAttemptEntity,
  SummaryReadEntity,
  HighlightEntity,
  ExamEntity,
  ExamChapterEntity,
  QuestionEntity,
  QuestionBankBuildEntity,
  PracticeExamEntity,
  PracticeAnswerEntity,
];
