// Features page (spec section 2): editing tools, essential tools, AI features and collaboration as
// built today, and what is announced but not built under "Coming soon", so it claims nothing false.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toolPath } from '../tools/toolIds';
import { CallToAction } from './CallToAction';
import './marketing.css';

const GROUPS = [
  {
    title: 'Editing tools',
    items: [
      'Text editing',
      'Highlighting',
      'Freehand drawing',
      'Shapes: rectangle, circle, arrow',
      'Digital signatures, drawn and saved',
      'Image insertion',
      'Strike-through and underline',
      'Unlimited undo/redo',
      'Copy and paste annotations',
      'Select and move',
      'Auto-save to the cloud',
      'Export PDF with annotations embedded',
      'Find in the document, and mark every match',
      'Fill in PDF forms',
    ],
  },
  {
    title: 'Essential tools',
    items: [
      { label: 'Merge PDFs', to: toolPath('merge') },
      { label: 'Split PDF', to: toolPath('split') },
      { label: 'Rotate pages', to: toolPath('rotate') },
      { label: 'Protect PDF (Pro)', to: toolPath('protect') },
    ],
  },
  {
    title: 'AI features',
    items: ['Document summary (Pro): key sentences with their pages', 'OCR text recognition (Pro): scanned pages become searchable text'],
  },
  {
    title: 'Collaboration',
    items: [
      'Real-time collaboration (Team): edit together, see who is here, reply in threads',
      'Version history',
      'Secure sharing links',
    ],
  },
] as const;

/** Announced but not built yet: each moves up into its group when it ships. */
export const COMING_SOON = [
  'Auto-format',
  'Redaction',
  'Certificate-based digital signatures',
] as const;

/** An id for a group's heading: one word, as aria-labelledby reads a space as a second id. */
const groupId = (title: string) => `group-${title.toLowerCase().replace(/\s+/g, '-')}`;

export function FeaturesPage() {
  useDocumentTitle('Features');
  return (
    <div className="page container">
      <header className="page-header">
        <h1>Everything you need to work with PDFs</h1>
        <p className="muted">Powerful editing in the browser, with more when you sign up.</p>
      </header>
      <div className="grid">
        {GROUPS.map((group) => (
          <section key={group.title} className="card" aria-labelledby={groupId(group.title)}>
            <h2 id={groupId(group.title)}>{group.title}</h2>
            <ul>
              {group.items.map((item) =>
                typeof item === 'string' ? (
                  <li key={item}>{item}</li>
                ) : (
                  <li key={item.label}>
                    <Link to={item.to}>{item.label}</Link>
                  </li>
                ),
              )}
            </ul>
          </section>
        ))}
        <section className="card" aria-labelledby="group-coming-soon">
          <h2 id="group-coming-soon">
            Coming soon <span className="badge">Not available yet</span>
          </h2>
          <ul>
            {COMING_SOON.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      </div>
      <CallToAction startTo="/" style={{ justifyContent: 'center', marginTop: 'var(--space-6)' }} />
    </div>
  );
}
