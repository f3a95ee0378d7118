/**
 * Reads markdown the way the web's analysis dialog does (react-markdown parses with
 * mdast-util-from-markdown), so tests see which links, images, HTML and headings it would show.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';

interface Node {
  readonly type: string;
  readonly value?: string;
  readonly children?: readonly Node[];
}

/** Containers whose children are separate blocks: their text is joined with a space. */
const BLOCKS = new Set(['root', 'list', 'listItem', 'blockquote']);
/** Node kinds that fetch, link or inject something when rendered. */
const ACTIVE = new Set(['link', 'image', 'html', 'linkReference', 'imageReference', 'definition']);

export interface RenderedMarkdown {
  /** Links, images, raw HTML and link definitions found, as `type: text`. */
  readonly active: readonly string[];
  /** Text of every heading, in order. */
  readonly headings: readonly string[];
  /** All text a reader sees, code spans included, on one line. */
  readonly text: string;
}

export function renderMarkdown(markdown: string): RenderedMarkdown {
  const active: string[] = [];
  const headings: string[] = [];
  const visit = (node: Node) => {
    if (ACTIVE.has(node.type)) active.push(`${node.type}: ${textOf(node)}`);
    if (node.type === 'heading') headings.push(textOf(node));
    for (const child of node.children ?? []) visit(child);
  };
  const root = fromMarkdown(markdown) as Node;
  visit(root);
  return { active, headings, text: textOf(root) };
}

function textOf(node: Node): string {
  return node.value ?? (node.children ?? []).map(textOf).join(BLOCKS.has(node.type) ? ' ' : '');
}
