// Banner above the editor for guests.
import { Link } from 'react-router-dom';
import './guest.css';

export function GuestBanner({ fileName }: { fileName: string }) {
  return (
    <div className="guest-banner" role="note">
      <span>
        Editing: <strong>{fileName}</strong>
      </span>
      <span className="guest-banner-text">Sign up to save your edits and download without watermarks.</span>
      <Link to="/register" className="btn btn-sm btn-primary">
        Sign Up Free
      </Link>
    </div>
  );
}
