// The "Start Editing Free" and "View Pricing" pair of buttons that the landing and features pages offer.
import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';

/** `startTo` differs by page: the landing page opens the editor, the features page leads back to the landing page. */
export function CallToAction({ startTo, style }: { startTo: '/' | '/editor'; style?: CSSProperties }) {
  return (
    <div className="row" style={style}>
      <Link to={startTo} className="btn btn-primary btn-lg">
        Start Editing Free
      </Link>
      <Link to="/pricing" className="btn btn-lg">
        View Pricing
      </Link>
    </div>
  );
}
