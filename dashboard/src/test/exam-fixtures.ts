import type {
  Exam,
  ExamPlan,
  ExamSummary,
  PracticeExam,
  PracticeResult,
  Question,
  Readiness,
} from '@chapterwise/shared';

// Ids the contract accepts (RFC 4122 UUIDs): the dashboard checks the API's answers in tests.
export const ids = {
  book: '0b000000-0000-4000-8000-000000000001',
  otherBook: '0b000000-0000-4000-8000-000000000002',
  chapter1: '0c000000-0000-4000-8000-000000000001',
  chapter2: '0c000000-0000-4000-8000-000000000002',
  chapter3: '0c000000-0000-4000-8000-000000000003',
  exam: '0e000000-0000-4000-8000-000000000001',
  practice: '0f000000-0000-4000-8000-000000000001',
  question1: '0a000000-0000-4000-8000-000000000001',
  question2: '0a000000-0000-4000-8000-000000000002',
  question3: '0a000000-0000-4000-8000-000000000003',
  question4: '0a000000-0000-4000-8000-000000000004',
};

export const EXAM_AT = '2030-06-14T07:00:00.000Z';

export function exam(overrides: Partial<Exam> = {}): Exam {
  return {
    id: ids.exam,
    name: 'Earth science final',
    exam_at: EXAM_AT,
    time_zone: 'UTC',
    daily_minutes: 60,
    chapter_ids: [ids.chapter1, ids.chapter2],
    chapters: [
      {
        chapter_id: ids.chapter1,
        book_id: ids.book,
        book_title: 'A Short Guide to the Living Earth',
        chapter_number: 1,
        title: 'The Water Cycle',
        start_page: 1,
        end_page: 3,
        start_page_label: '1',
        end_page_label: '3',
        pages: 3,
        reading_minutes: 9,
        read: true,
      },
      {
        chapter_id: ids.chapter2,
        book_id: ids.book,
        book_title: 'A Short Guide to the Living Earth',
        chapter_number: 2,
        title: 'How Plants Make Food',
        start_page: 4,
        end_page: 6,
        start_page_label: '4',
        end_page_label: '6',
        pages: 3,
        reading_minutes: 9,
        read: false,
      },
    ],
    days_left: 10,
    created_at: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function examSummary(overrides: Partial<ExamSummary> = {}): ExamSummary {
  return {
    id: ids.exam,
    name: 'Earth science final',
    exam_at: EXAM_AT,
    time_zone: 'UTC',
    daily_minutes: 60,
    days_left: 10,
    past: false,
    book_ids: [ids.book],
    chapters_total: 2,
    chapters_read: 1,
    readiness: 0.42,
    last_practice_score: null,
    ...overrides,
  };
}

export function readiness(overrides: Partial<Readiness> = {}): Readiness {
  return {
    exam_id: ids.exam,
    readiness: 0.42,
    parts: {
      recall: 0.5,
      recall_weight: 0.5,
      cards_total: 24,
      chapters_read: 1,
      chapters_total: 2,
      chapters_read_weight: 0.25,
      last_practice_score: 0.6,
      practice_weight: 0.25,
    },
    rule: 'Half the figure is the cards expected recalled at the exam, a quarter the chapters read, a quarter the last practice score.',
    chapters: [
      {
        chapter_id: ids.chapter1,
        book_id: ids.book,
        title: 'The Water Cycle',
        state: 'practising',
        rule: 'Practising: read, and its cards are being learned; ready once 80% are expected recalled and the last practice scored 70%.',
        read: true,
        cards_total: 12,
        recall: 0.75,
        last_practice_score: 0.6,
      },
      {
        chapter_id: ids.chapter2,
        book_id: ids.book,
        title: 'How Plants Make Food',
        state: 'not_started',
        rule: 'Not started: not read yet and none of its cards reviewed.',
        read: false,
        cards_total: 12,
        recall: null,
        last_practice_score: null,
      },
    ],
    ...overrides,
  };
}

export function plan(days: ExamPlan['days'], overrides: Partial<ExamPlan> = {}): ExamPlan {
  return {
    exam_id: ids.exam,
    time_zone: 'UTC',
    exam_at: EXAM_AT,
    daily_minutes: 60,
    days,
    unplanned_reading_minutes: 0,
    unplanned_reviews: 0,
    cards_total: 24,
    ...overrides,
  };
}

export function planDay(date: string, overrides: Partial<ExamPlan['days'][number]> = {}): ExamPlan['days'][number] {
  return {
    date,
    minutes: 30,
    reading: [],
    reviews: 0,
    review_minutes: 0,
    review_books: [],
    practice: false,
    practice_minutes: 0,
    moved_from: [],
    note: null,
    ...overrides,
  };
}

export function question(overrides: Partial<Question> = {}): Question {
  return {
    id: ids.question1,
    book_id: ids.book,
    chapter_id: ids.chapter1,
    kind: 'multiple_choice',
    prompt: 'What do scientists call the release of water from leaves?',
    options: ['Transpiration', 'Condensation', 'Evaporation', 'Precipitation'],
    answer: 0,
    answer_text: 'Transpiration',
    explanation: 'Plants release water from their leaves: transpiration.',
    page: 2,
    page_label: '2',
    answer_page: null,
    answer_page_label: null,
    source: 'generated',
    flagged: false,
    flag_reason: null,
    created_at: '2030-06-01T10:00:00.000Z',
    ...overrides,
  };
}

export function practiceExam(overrides: Partial<PracticeExam> = {}): PracticeExam {
  return {
    id: ids.practice,
    exam_id: ids.exam,
    created_at: '2030-06-10T10:00:00.000Z',
    time_limit_s: null,
    ends_at: null,
    questions: [
      {
        id: ids.question1,
        chapter_id: ids.chapter1,
        kind: 'multiple_choice',
        prompt: 'What do scientists call the release of water from leaves?',
        options: ['Transpiration', 'Condensation', 'Evaporation', 'Precipitation'],
      },
      {
        id: ids.question2,
        chapter_id: ids.chapter2,
        kind: 'true_false',
        prompt: 'Chlorophyll absorbs green light most strongly.',
        options: ['True', 'False'],
      },
    ],
    result: null,
    ...overrides,
  };
}

export function practiceResult(overrides: Partial<PracticeResult> = {}): PracticeResult {
  return {
    practice_id: ids.practice,
    score: 1,
    total: 2,
    chapters: [
      { chapter_id: ids.chapter1, title: 'The Water Cycle', correct: 1, total: 1 },
      { chapter_id: ids.chapter2, title: 'How Plants Make Food', correct: 0, total: 1 },
    ],
    results: [
      {
        question_id: ids.question1,
        chapter_id: ids.chapter1,
        choice: 0,
        correct: true,
        correct_choice: 0,
        answer_text: 'Transpiration',
        explanation: 'Plants release water from their leaves: transpiration.',
        page: 2,
        page_label: '2',
      },
      {
        question_id: ids.question2,
        chapter_id: ids.chapter2,
        choice: 0,
        correct: false,
        correct_choice: 1,
        answer_text: 'False',
        explanation: 'Chlorophyll absorbs red and blue light most strongly and reflects green.',
        page: 4,
        page_label: '4',
      },
    ],
    cards_due: 1,
    late: false,
    submitted_at: '2030-06-10T10:20:00.000Z',
    ...overrides,
  };
}
