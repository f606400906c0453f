import { snippetParts } from './snippet-parts';

/** A search result's snippet: text with its matched words in `<mark>`, never parsed as HTML. */
export function Snippet({ snippet, className }: { snippet: string; className?: string }) {
  return (
    <p className={className}>
      {snippetParts(snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
    </p>
  );
}
