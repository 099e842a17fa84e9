// Features page (spec section 2): editing tools, essential tools, AI features and collaboration.
import { useDocumentTitle } from '../../components/useDocumentTitle';
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
    ],
  },
  { title: 'Essential tools', items: ['Merge PDFs', 'Split PDF', 'Rotate pages', 'Protect PDF (Pro)'] },
  { title: 'AI features', items: ['OCR text recognition', 'Auto-format', 'Document summary', 'Redaction'] },
  { title: 'Collaboration', items: ['Real-time collaboration', 'Version control', 'Secure sharing', 'Digital signatures'] },
] as const;

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
          <section key={group.title} className="card" aria-labelledby={`group-${group.title}`}>
            <h2 id={`group-${group.title}`}>{group.title}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <CallToAction startTo="/" style={{ justifyContent: 'center', marginTop: 'var(--space-6)' }} />
    </div>
  );
}
