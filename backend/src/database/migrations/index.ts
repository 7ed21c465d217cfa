import { Accounts1763683200000 as MysqlAccounts } from './mysql/1763683200000-accounts.js';
import { Accounts1763683200000 as SqliteAccounts } from './sqlite/1763683200000-accounts.js';
import { Billing1763683300000 as MysqlBilling } from './mysql/1763683300000-billing.js';
import { Billing1763683300000 as SqliteBilling } from './sqlite/1763683300000-billing.js';
import { Library1763683400000 as MysqlLibrary } from './mysql/1763683400000-library.js';
import { Library1763683400000 as SqliteLibrary } from './sqlite/1763683400000-library.js';
import { Contact1763683500000 as MysqlContact } from './mysql/1763683500000-contact.js';
import { Contact1763683500000 as SqliteContact } from './sqlite/1763683500000-contact.js';
import { Search1763683600000 as MysqlSearch } from './mysql/1763683600000-search.js';
import { Search1763683600000 as SqliteSearch } from './sqlite/1763683600000-search.js';
import { ApiTokens1763683700000 as MysqlApiTokens } from './mysql/1763683700000-api-tokens.js';
import { ApiTokens1763683700000 as SqliteApiTokens } from './sqlite/1763683700000-api-tokens.js';
import { Webhooks1763683800000 as MysqlWebhooks } from './mysql/1763683800000-webhooks.js';
import { Webhooks1763683800000 as SqliteWebhooks } from './sqlite/1763683800000-webhooks.js';
import { PageEmbeddings1763683900000 as MysqlPageEmbeddings } from './mysql/1763683900000-page-embeddings.js';
import { PageEmbeddings1763683900000 as SqlitePageEmbeddings } from './sqlite/1763683900000-page-embeddings.js';
import { SummaryErrorCode1764010000000 as MysqlSummaryErrorCode } from './mysql/1764010000000-summary-error-code.js';
import { SummaryErrorCode1764010000000 as SqliteSummaryErrorCode } from './sqlite/1764010000000-summary-error-code.js';
import { ChapterLabels1764020000000 as MysqlChapterLabels } from './mysql/1764020000000-chapter-labels.js';
import { ChapterLabels1764020000000 as SqliteChapterLabels } from './sqlite/1764020000000-chapter-labels.js';
import { AccountLifecycle1764040000000 as MysqlAccountLifecycle } from './mysql/1764040000000-account-lifecycle.js';
import { AccountLifecycle1764040000000 as SqliteAccountLifecycle } from './sqlite/1764040000000-account-lifecycle.js';
import { SealedWebhookSecrets1764040100000 as MysqlSealedWebhookSecrets } from './mysql/1764040100000-sealed-webhook-secrets.js';
import { SealedWebhookSecrets1764040100000 as SqliteSealedWebhookSecrets } from './sqlite/1764040100000-sealed-webhook-secrets.js';
import { StudyStudio1764050000000 as MysqlStudyStudio } from './mysql/1764050000000-study-studio.js';
import { StudyStudio1764050000000 as SqliteStudyStudio } from './sqlite/1764050000000-study-studio.js';
import { Highlights1764060000000 as MysqlHighlights } from './mysql/1764060000000-highlights.js';
import { Highlights1764060000000 as SqliteHighlights } from './sqlite/1764060000000-highlights.js';
import { BookCoverOpened1764070000000 as MysqlBookCoverOpened } from './mysql/1764070000000-book-cover-opened.js';
import { BookCoverOpened1764070000000 as SqliteBookCoverOpened } from './sqlite/1764070000000-book-cover-opened.js';
import { SummaryReads1764080000000 as MysqlSummaryReads } from './mysql/1764080000000-summary-reads.js';
import { SummaryReads1764080000000 as SqliteSummaryReads } from './sqlite/1764080000000-summary-reads.js';
import { ChapterPreparation1764095000000 as MysqlChapterPreparation } from './mysql/1764095000000-chapter-preparation.js';
import { ChapterPreparation1764095000000 as SqliteChapterPreparation } from './sqlite/1764095000000-chapter-preparation.js';
import { SubscriptionCharges1764096000000 as MysqlSubscriptionCharges } from './mysql/1764096000000-subscription-charges.js';
import { SubscriptionCharges1764096000000 as SqliteSubscriptionCharges } from './sqlite/1764096000000-subscription-charges.js';
import { ExamMode1765000000000 as MysqlExamMode } from './mysql/1765000000000-exam-mode.js';
import { ExamMode1765000000000 as SqliteExamMode } from './sqlite/1765000000000-exam-mode.js';
import { SummaryEngine1765010000000 as MysqlSummaryEngine } from './mysql/1765010000000-summary-engine.js';
import { SummaryEngine1765010000000 as SqliteSummaryEngine } from './sqlite/1765010000000-summary-engine.js';
import { PageEmphasis1765020000000 as MysqlPageEmphasis } from './mysql/1765020000000-page-emphasis.js';
import { PageEmphasis1765020000000 as SqlitePageEmphasis } from './sqlite/1765020000000-page-emphasis.js';
import { QuestionAnswerPage1765030000000 as MysqlQuestionAnswerPage } from './mysql/1765030000000-question-answer-page.js';
import { QuestionAnswerPage1765030000000 as SqliteQuestionAnswerPage } from './sqlite/1765030000000-question-answer-page.js';

export const MIGRATIONS = {
  sqlite: [
    SqliteAccounts,
    SqliteBilling,
    SqliteLibrary,
    SqliteContact,
    SqliteSearch,
    SqliteApiTokens,
    SqliteWebhooks,
    SqlitePageEmbeddings,
    SqliteSummaryErrorCode,
    SqliteChapterLabels,
    SqliteAccountLifecycle,
    SqliteSealedWebhookSecrets,
    SqliteStudyStudio,
    SqliteHighlights,
    SqliteBookCoverOpened,
    SqliteSummaryReads,
    SqliteChapterPreparation,
    SqliteSubscriptionCharges,
    SqliteExamMode,
    SqliteSummaryEngine,
    SqlitePageEmphasis,
    SqliteQuestionAnswerPage,
  ],
  mysql: [
    MysqlAccounts,
    MysqlBilling,
    MysqlLibrary,
    MysqlContact,
    MysqlSearch,
    MysqlApiTokens,
    MysqlWebhooks,
    MysqlPageEmbeddings,
    MysqlSummaryErrorCode,
    MysqlChapterLabels,
    MysqlAccountLifecycle,
    MysqlSealedWebhookSecrets,
    MysqlStudyStudio,
    MysqlHighlights,
    MysqlBookCoverOpened,
    MysqlSummaryReads,
    MysqlChapterPreparation,
    MysqlSubscriptionCharges,
    MysqlExamMode,
    MysqlSummaryEngine,
    MysqlPageEmphasis,
    MysqlQuestionAnswerPage,
  ],
};
