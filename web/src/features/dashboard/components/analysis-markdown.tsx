// The AI's markdown answer, rendered with nothing executable or remote: raw HTML is dropped
// (skipHtml, no rehype-raw), links must be http(s) and open in a new tab without referrer, and
// images are never fetched (their alt text is shown instead), so a page cannot beacon out.
import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl } from '../utils/analysis-view';

const components: Components = {
  a: ({ href, children }) => {
    const safe = safeLinkUrl(href);
    return safe ? (
      <a
        href={safe}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="text-info underline underline-offset-4"
      >
        {children}
      </a>
    ) : (
      <span>{children}</span>
    );
  },
  img: ({ alt }) => <span className="text-muted-foreground italic">[Image: {alt || 'no description'}]</span>,
};

/** Unsafe URLs become empty before any component sees them. */
const urlTransform = (url: string) => safeLinkUrl(url);

/** Default export, for React.lazy. */
export default function AnalysisMarkdown({ children }: { children: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <Markdown skipHtml urlTransform={urlTransform} components={components}>
        {children}
      </Markdown>
    </div>
  );
}
