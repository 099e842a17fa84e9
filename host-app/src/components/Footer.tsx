// Site footer with the product, company and legal links.
import { Link } from 'react-router-dom';
import { Logo } from './Logo';
import './footer.css';

const GROUPS = [
  { title: 'Product', links: [['Features', '/features'], ['Pricing', '/pricing'], ['API', '/api']] },
  { title: 'Company', links: [['About', '/about'], ['Blog', '/blog'], ['Careers', '/careers']] },
  { title: 'Legal', links: [['Privacy Policy', '/privacy'], ['Terms of Service', '/terms'], ['Security', '/security']] },
] as const;

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <Logo />
          <p className="muted">Edit, annotate and sign PDFs right in your browser.</p>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="footer-title">{group.title}</h2>
            <ul>
              {group.links.map(([label, to]) => (
                <li key={to}>
                  <Link to={to}>{label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom muted">© 2024 Marginalia. All rights reserved.</div>
    </footer>
  );
}
