// Renders one of the short content pages by key.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { STATIC_PAGES } from './staticPages';

export function StaticContentPage({ pageKey }: { pageKey: keyof typeof STATIC_PAGES }) {
  const page = STATIC_PAGES[pageKey];
  useDocumentTitle(page?.title ?? '');
  if (!page) return null;
  return (
    <article className="page container prose">
      <h1>{page.title}</h1>
      <p className="muted">{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
      <p>
        <Link to="/">Back to home</Link>
      </p>
    </article>
  );
}
