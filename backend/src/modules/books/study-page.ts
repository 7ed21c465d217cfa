import type { StudyPage } from '../../study-kit/index.js';
import type { PageEntity } from './entities/page.entity.js';

/** A stored page as the study kit reads it: its printed label, its text and the phrases it sets in bold or italic. */
export function studyPageOf(page: Pick<PageEntity, 'label' | 'text' | 'emphasis'>): StudyPage {
  return page.emphasis?.length
    ? { label: page.label, text: page.text, emphasis: page.emphasis }
    : { label: page.label, text: page.text };
}
