// Landing page (spec section 2): drop zone, calls to action, tool tiles and the feature grid.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toolPath } from '../tools/toolIds';
import { CallToAction } from './CallToAction';
import { LandingDropZone } from './LandingDropZone';
import './marketing.css';

const TOOLS = [
  { title: 'Merge PDFs', text: 'Combine several PDFs into one document.', to: toolPath('merge'), pro: false },
  { title: 'Split PDF', text: 'Pull pages out into a new file.', to: toolPath('split'), pro: false },
  { title: 'Rotate Pages', text: 'Turn pages the right way up.', to: toolPath('rotate'), pro: false },
  { title: 'Protect PDF', text: 'Add a password to sensitive files.', to: toolPath('protect'), pro: true },
] as const;

const FEATURES = [
  { title: 'Edit text', text: 'Add and style text anywhere on the page.' },
  { title: 'Highlight & mark up', text: 'Highlight, underline and strike through passages.' },
  { title: 'Draw & shapes', text: 'Freehand pen, rectangles, circles and arrows.' },
  { title: 'Sign documents', text: 'Draw your signature once and place it anywhere.' },
  { title: 'Insert images', text: 'Drop logos, stamps and photos onto pages.' },
  { title: 'Undo everything', text: 'Unlimited undo and redo while you work.' },
  { title: 'Auto-save to the cloud', text: 'Signed-in work is saved as you go.' },
  { title: 'Private by default', text: 'PDFs are processed in your browser.' },
] as const;

export function LandingPage() {
  useDocumentTitle('Edit PDFs online, free');
  return (
    <div className="landing">
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <span className="badge">No sign-up needed to start</span>
            <h1 className="hero-title">Edit, annotate and sign PDFs in your browser</h1>
            <p className="hero-lead">
              Highlight, draw, add text and signatures, then download. Loved by 50,000+ users — rated 4.9/5 by
              10,000+ of them.
            </p>
            <CallToAction startTo="/editor" />
          </div>
          <LandingDropZone />
        </div>
      </section>

      <section className="container section" aria-labelledby="tools-title">
        <h2 id="tools-title">Essential PDF tools</h2>
        <div className="grid tiles">
          {TOOLS.map((tool) => (
            <Link key={tool.title} to={tool.to} className="card tile">
              <h3>
                {tool.title} {tool.pro && <span className="badge badge-pro">PRO</span>}
              </h3>
              <p className="muted">{tool.text}</p>
            </Link>
          ))}
        </div>
      </section>

      <section className="container section" aria-labelledby="features-title">
        <h2 id="features-title">Everything you need to work with PDFs</h2>
        <div className="grid">
          {FEATURES.map((feature) => (
            <div key={feature.title} className="card">
              <h3>{feature.title}</h3>
              <p className="muted">{feature.text}</p>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
