import { citationParts } from '@chapterwise/shared';
import { Lexer, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode } from 'react';
import { type PageLinkResolver } from './page-references.js';

/**
 * Study notes in Markdown as React elements: marked's lexer reads the Markdown (CommonMark, as written by the
 * engines), and its tokens become elements here, never HTML strings. Raw HTML is shown as the text it is and
 * images are left out (WEB-1); links keep only web and mail addresses.
 */
export interface MarkdownLinks {
  /** A page citation ("(p. 34)") as a link, or null to leave it as text. */
  resolvePageLink?: PageLinkResolver;
  /** How a resolved citation is drawn. */
  citation: (props: { href: string; label: string; children: ReactNode }) => ReactNode;
}

export function renderMarkdown(text: string, links: MarkdownLinks): ReactNode {
  const tokens = new Lexer({ gfm: false }).lex(text);
  return blocks(tokens, links);
}

function blocks(tokens: readonly Token[], links: MarkdownLinks): ReactNode {
  return tokens.map((token, index) => <Fragment key={index}>{block(token, links)}</Fragment>);
}

function block(token: Token, links: MarkdownLinks): ReactNode {
  switch (token.type) {
    case 'heading': {
      const Heading = `h${(token as Tokens.Heading).depth}` as 'h1';
      return <Heading>{inline(token.tokens, links)}</Heading>;
    }
    case 'paragraph':
      return <p>{inline(token.tokens, links)}</p>;
    case 'text':
      // A tight list item's text: inline content without a paragraph.
      return token.tokens ? inline(token.tokens, links) : token.text;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => <li key={index}>{blocks(item.tokens, links)}</li>);
      return list.ordered ? (
        <ol start={list.start === 1 ? undefined : Number(list.start)}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      );
    }
    case 'blockquote':
      return <blockquote>{blocks((token as Tokens.Blockquote).tokens, links)}</blockquote>;
    case 'code':
      return (
        <pre>
          <code>{(token as Tokens.Code).text}</code>
        </pre>
      );
    case 'hr':
      return <hr />;
    case 'html':
      return <p>{token.raw.trim()}</p>;
    default:
      return null; // space, definitions
  }
}

function inline(tokens: readonly Token[] | undefined, links: MarkdownLinks): ReactNode {
  return joinedText(tokens ?? []).map((token, index) => <Fragment key={index}>{span(token, links)}</Fragment>);
}

// The lexer may cut a run of text in two (at a "!" or "_" that starts nothing): one run again, so that a citation
// keeps the whole sentence before it.
function joinedText(tokens: readonly Token[]): Token[] {
  const joined: Token[] = [];
  for (const token of tokens) {
    const plain = (token.type === 'text' && !token.tokens) || token.type === 'escape';
    const last = joined.at(-1);
    if (plain && last?.type === 'text' && !last.tokens) {
      joined[joined.length - 1] = { ...last, raw: last.raw + token.raw, text: last.text + textOf(token) };
    } else joined.push(plain ? { type: 'text', raw: token.raw, text: textOf(token) } : token);
  }
  return joined;
}

const textOf = (token: Token) =>
  'text' in token ? (token.type === 'escape' ? token.text : decodeEntities(token.text)) : '';

function span(token: Token, links: MarkdownLinks): ReactNode {
  switch (token.type) {
    case 'text':
      return token.tokens ? inline(token.tokens, links) : withPageLinks(token.text, links);
    case 'strong':
      return <strong>{inline(token.tokens, links)}</strong>;
    case 'em':
      return <em>{inline(token.tokens, links)}</em>;
    case 'codespan':
      return <code>{decodeEntities(token.text)}</code>;
    case 'br':
      return <br />;
    case 'link': {
      const href = webAddress((token as Tokens.Link).href);
      const children = inline(token.tokens, links);
      return href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        children
      );
    }
    case 'html':
      return token.raw;
    default:
      return null; // images: a generated text's picture could beacon out
  }
}

function withPageLinks(text: string, links: MarkdownLinks): ReactNode {
  if (!links.resolvePageLink) return text;
  return citationParts(text).map((part, index) => {
    if (part.kind === 'text') return part.text;
    const href = links.resolvePageLink?.(part.label, part.sentence);
    return href ? (
      <Fragment key={index}>{links.citation({ href, label: part.label, children: part.text })}</Fragment>
    ) : (
      part.text
    );
  });
}

/** Only addresses a student can safely follow: the web and mail (no javascript:, data: or file:). */
function webAddress(href: string): string | null {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(href.trim())?.[1]?.toLowerCase();
  return scheme === undefined || ['http', 'https', 'mailto'].includes(scheme) ? href : null;
}

// marked keeps character references as written; the few a text may hold are shown as the characters they name.
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
