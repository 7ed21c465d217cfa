import { defineConfig } from 'wxt';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  manifest: {
    name: 'ChapterWise',
    description: 'Send the PDF you are reading to your ChapterWise library and study it in the side panel.',
  },
});
