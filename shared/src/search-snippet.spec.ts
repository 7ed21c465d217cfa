import { describe, expect, it } from 'vitest';
import { decodeSnippetText, snippetParts } from './search-snippet.js';

describe(snippetParts.name, () => {
  it('splits the marked words from the text around them', () => {
    expect(snippetParts('…the <mark>water cycle</mark> moves <mark>water</mark>.')).toEqual([
      { text: '…the ', marked: false },
      { text: 'water cycle', marked: true },
      { text: ' moves ', marked: false },
      { text: 'water', marked: true },
      { text: '.', marked: false },
    ]);
  });

  it('decodes the escaped entities into text, so markup in a book stays text', () => {
    expect(snippetParts('a &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; <mark>it&#39;s</mark>')).toEqual([
      { text: 'a <script>alert("x")</script> & ', marked: false },
      { text: "it's", marked: true },
    ]);
  });

  it('decodes once: an escaped entity stays an entity', () => {
    expect(decodeSnippetText('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('treats an escaped mark tag in the text as text', () => {
    expect(snippetParts('&lt;mark&gt;not a match&lt;/mark&gt;')).toEqual([
      { text: '<mark>not a match</mark>', marked: false },
    ]);
  });

  it('answers no parts for an empty snippet and tolerates an unclosed mark', () => {
    expect(snippetParts('')).toEqual([]);
    expect(snippetParts('<mark>half')).toEqual([{ text: 'half', marked: true }]);
  });
});
