import { describe, expect, it } from 'vitest';
import { documentUrlOf, hasPdfPath, originPattern, pdfFileName, sourceKey } from './pdf-url.js';

describe('PDF addresses', () => {
  it('recognises a .pdf path whatever the query, fragment or letter case', () => {
    expect(hasPdfPath('https://example.com/papers/Attention.PDF?download=1#page=2')).toBe(true);
    expect(hasPdfPath('https://example.com/papers/attention%20is%20all.pdf')).toBe(true);
    expect(hasPdfPath('https://example.com/viewer?file=a.pdf')).toBe(false);
    expect(hasPdfPath('https://example.com/pdf')).toBe(false);
  });

  it('reads the document address out of a PDF viewer page', () => {
    expect(documentUrlOf('resource://pdf.js/web/viewer.html?file=https%3A%2F%2Fexample.com%2Fbook')).toBe(
      'https://example.com/book',
    );
    expect(documentUrlOf('chrome-extension://abc/viewer.html?src=https://example.com/doc')).toBe(
      'https://example.com/doc',
    );
    expect(documentUrlOf('https://example.com/viewer?file=https://other.com/a.pdf')).toBe(
      'https://example.com/viewer?file=https://other.com/a.pdf',
    );
    expect(documentUrlOf('chrome-extension://abc/viewer.html?file=javascript:alert(1)')).toBe(
      'chrome-extension://abc/viewer.html?file=javascript:alert(1)',
    );
  });

  it('remembers a document without its fragment', () => {
    expect(sourceKey('https://example.com/a.pdf?v=2#page=7')).toBe('https://example.com/a.pdf?v=2');
  });

  it('asks for the whole site, any port, or for file access', () => {
    expect(originPattern('http://127.0.0.1:4321/books/a.pdf')).toBe('http://127.0.0.1/*');
    expect(originPattern('https://docs.example.com/a.pdf')).toBe('https://docs.example.com/*');
    expect(originPattern('file:///home/me/a.pdf')).toBe('file:///*');
  });

  it('names the upload from Content-Disposition, else from the path, always ending in .pdf', () => {
    expect(pdfFileName('https://x.org/dl?id=3', 'attachment; filename="Deep Work.pdf"')).toBe('Deep Work.pdf');
    expect(pdfFileName('https://x.org/dl?id=3', "attachment; filename*=UTF-8''Caf%C3%A9.pdf")).toBe('Café.pdf');
    expect(pdfFileName('https://x.org/books/moby%20dick.pdf')).toBe('moby dick.pdf');
    expect(pdfFileName('https://arxiv.org/pdf/2301.00001')).toBe('2301.00001.pdf');
    expect(pdfFileName('https://x.org/')).toBe('document.pdf');
  });
});
