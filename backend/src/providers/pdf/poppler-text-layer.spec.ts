import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { linesToText } from './page-layout.js';
import { parsePdfToHtmlXml, pdfToHtmlXmlParser, readPopplerTextLayer } from './poppler-text-layer.js';

// pdftohtml -xml -zoom 3 -noroundcoord output: coordinates and font sizes are three times the points.
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE pdf2xml SYSTEM "pdf2xml.dtd">
<pdf2xml producer="poppler" version="22.12.0">
<page number="1" position="absolute" top="0" left="0" height="2376" width="1836">
\t<fontspec id="0" size="72" family="Helvetica-Bold" color="#000000"/>
\t<fontspec id="1" size="30" family="Times" color="#000000"/>
<text top="216.000000" left="216.000000" width="600.000000" height="66.000000" font="0"><b>Chapter 1</b></text>
<text top="396.000000" left="216.000000" width="900.000000" height="27.000000" font="1">Tom &amp; Jerry &lt;3 the o&#64259;ce &#233;t&#xE9;</text>
<text top="432.000000" left="216.000000" width="300.000000" height="27.000000" font="1">a well-</text>
<text top="468.000000" left="216.000000" width="300.000000" height="27.000000" font="1">known <i>fact</i></text>
<text top="504.000000" left="216.000000" width="600.000000" height="27.000000" font="1">    indented code</text>
</page>
<page number="2" position="absolute" top="0" left="0" height="2376" width="1836">
<text top="396.000000" left="216.000000" width="600.000000" height="27.000000" font="1">Second page</text>
</page>
</pdf2xml>
`;

describe('poppler text layer', () => {
  it('turns pdftohtml XML into laid-out pages in points, with font sizes, entities and ligatures decoded', () => {
    const pages = parsePdfToHtmlXml(XML);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatchObject({ width: 612, height: 792 });
    const [heading, body, ...rest] = pages[0]!.lines;
    expect(heading).toMatchObject({ text: 'Chapter 1', x: 72, size: 24 });
    // The baseline sits a fifth of the size above the bottom of the string's box.
    expect(heading!.top).toBeCloseTo(72 + 22 - 0.2 * 24);
    expect(body).toMatchObject({ text: 'Tom & Jerry <3 the office été', size: 10 });
    expect(rest.map((line) => line.text)).toEqual(['a well-', 'known fact', 'indented code']);
    // Leading spaces are inside pdftohtml's box; the line starts at its first letter.
    expect(rest[2]!.x).toBeCloseTo(72 + (200 * 4) / 17);
    expect(pages[1]!.lines.map((line) => line.text)).toEqual(['Second page']);
  });

  it('keeps the phrases a page sets in bold or italic, a phrase wrapped over two strings whole', () => {
    expect(parsePdfToHtmlXml(XML).map((page) => page.emphasis)).toEqual([['Chapter 1', 'fact'], []]);
    const wrapped = XML.replace('a well-', 'a <i>recur-</i>').replace('known <i>fact</i>', '<i>rence relation</i> is');
    expect(parsePdfToHtmlXml(wrapped)[0]!.emphasis).toEqual(['Chapter 1', 'recur-rence relation']);
    const twoTerms = XML.replace('known <i>fact</i>', '<b>sets</b> and <b>lists</b>');
    expect(parsePdfToHtmlXml(twoTerms)[0]!.emphasis).toEqual(['Chapter 1', 'sets', 'lists']);
  });

  it('takes a term set in a heavier or slanted face the font names ("Medium", "Oblique"), unless the page is set in it', () => {
    const medium = XML.replace(
      '<fontspec id="1" size="30" family="Times" color="#000000"/>',
      '<fontspec id="1" size="30" family="Times" color="#000000"/>\n\t<fontspec id="2" size="30" family="Kp-Medium" color="#000000"/>',
    ).replace(
      '<text top="468.000000" left="216.000000" width="300.000000" height="27.000000" font="1">known <i>fact</i></text>',
      '<text top="468.000000" left="216.000000" width="100.000000" height="27.000000" font="1">known</text>' +
        '<text top="468.000000" left="320.000000" width="150.000000" height="27.000000" font="2">test statistic</text>',
    );
    expect(parsePdfToHtmlXml(medium)[0]!.emphasis).toEqual(['Chapter 1', 'test statistic']);
    // A book set in a Medium weight throughout emphasises nothing by it.
    const allMedium = XML.replace('family="Times"', 'family="Kp-Medium"').replace('known <i>fact</i>', 'known fact');
    expect(parsePdfToHtmlXml(allMedium)[0]!.emphasis).toEqual(['Chapter 1']);
  });

  it('lays out each page as its end arrives, whatever the chunking, even inside a UTF-8 character', () => {
    const whole = parsePdfToHtmlXml(XML);
    const seen: number[] = [];
    const parser = pdfToHtmlXmlParser((_page, number) => seen.push(number));
    const bytes = Buffer.from(XML);
    const split = bytes.indexOf(Buffer.from('été')) + 1;
    parser.push(bytes.subarray(0, split));
    expect(seen).toEqual([]);
    parser.push(bytes.subarray(split, bytes.indexOf('<page number="2"')));
    expect(seen).toEqual([1]);
    parser.push(bytes.subarray(bytes.indexOf('<page number="2"')));
    expect(parser.end()).toEqual(whole);
    expect(seen).toEqual([1, 2]);
  });

  it('keeps a glyph drawn without a character (an empty string with a width) as the replacement character', () => {
    const formula = XML.replace(
      '<text top="432.000000"',
      '<text top="1000.000000" left="216.000000" width="21.000000" height="27.000000" font="1">a</text>' +
        '<text top="1000.000000" left="246.000000" width="33.000000" height="27.000000" font="1"></text>' +
        '<text top="1000.000000" left="288.000000" width="90.000000" height="27.000000" font="1">n + 3.</text>\n' +
        '<text top="432.000000"',
    );
    expect(linesToText(parsePdfToHtmlXml(formula)[0]!.lines)).toContain('a \uFFFD n + 3.');
    // A run of spaces is no glyph.
    expect(parsePdfToHtmlXml(XML.replace('>Second page<', '>   <'))[1]!.lines).toEqual([]);
  });

  it('refuses output whose pages are out of order', () => {
    expect(() => parsePdfToHtmlXml(XML.replace('page number="2"', 'page number="5"'))).toThrow(/page 5/);
  });

  it('resolves null when the command is not installed', async () => {
    const reading = readPopplerTextLayer('/nonexistent.pdf', {
      timeoutMs: 5000,
      maxRssBytes: 1e9,
      command: 'chapterwise-no-such-pdftohtml',
    });
    await expect(reading.done).resolves.toBeNull();
  });

  const hasPdftohtml = (() => {
    try {
      execFileSync('pdftohtml', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  (hasPdftohtml ? describe : describe.skip)('with pdftohtml', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-poppler-spec-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    const pdf = (draw: (doc: PDFKit.PDFDocument) => void) =>
      new Promise<string>((resolve, reject) => {
        const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
        const doc = new PDFDocument({ size: 'LETTER', margin: 72 });
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve((writeFileSync(file, Buffer.concat(chunks)), file)));
        doc.on('error', reject);
        draw(doc);
        doc.end();
      });

    it('reads a real PDF page by page, reporting pages as they are laid out', async () => {
      const file = await pdf((doc) => {
        doc.font('Helvetica-Bold').fontSize(24).text('Chapter 1', 72, 72);
        doc.font('Helvetica').fontSize(11).text('The river ran quietly past the old mill.', 72, 140);
        doc.addPage().font('Helvetica').fontSize(11).text('Second page of text.', 72, 72);
      });
      const reading = readPopplerTextLayer(file, { timeoutMs: 20_000, maxRssBytes: 512 * 1024 * 1024 });
      const numbers: number[] = [];
      reading.eachPage((_page, number) => numbers.push(number));
      const pages = await reading.done;
      expect(numbers).toEqual([1, 2]);
      expect(reading.pagesRead()).toBe(2);
      expect(pages!.map((page) => page.lines.map((line) => line.text))).toEqual([
        ['Chapter 1', 'The river ran quietly past the old mill.'],
        ['Second page of text.'],
      ]);
      expect(pages![0]!.lines[0]!.size).toBeCloseTo(24, 0);
      expect(pages![0]!.lines[1]!.size).toBeCloseTo(11, 0);
    });

    it('resolves null for a file that is not a PDF, and when stopped', async () => {
      const junk = join(dir, 'junk.pdf');
      writeFileSync(junk, 'not a pdf at all');
      await expect(readPopplerTextLayer(junk, { timeoutMs: 20_000, maxRssBytes: 1e9 }).done).resolves.toBeNull();
      const file = await pdf((doc) => doc.text('Some text.'));
      const controller = new AbortController();
      const reading = readPopplerTextLayer(file, { timeoutMs: 20_000, maxRssBytes: 1e9, signal: controller.signal });
      controller.abort();
      await expect(reading.done).resolves.toBeNull();
    });
  });
});
