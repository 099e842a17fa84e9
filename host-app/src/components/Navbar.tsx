// Top navigation: signed-in and signed-out variants, a user menu and a mobile menu.
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuthStore } from '../stores/authStore';
import { logout } from '../features/auth/session';
import { Logo } from './Logo';
import './navbar.css';

export function Navbar() {
  const { isAuthenticated, user } = useAuthStore();
  const location = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setMobileOpen(false);
    setMenuOpen(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) {
        setMenuOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [menuOpen]);

  const onLogout = () => logout();

  const links = (
    <>
      <NavLink to="/features">Features</NavLink>
      <NavLink to="/pricing">Pricing</NavLink>
      {isAuthenticated && <NavLink to="/dashboard">Dashboard</NavLink>}
      {isAuthenticated && <NavLink to="/documents">Documents</NavLink>}
    </>
  );

  return (
    <header className="navbar">
      <nav className="container navbar-inner" aria-label="Main">
        <Link to="/" className="navbar-logo" aria-label="Marginalia home">
          <Logo />
        </Link>
        <div className="navbar-links">{links}</div>
        <div className="navbar-actions">
          {isAuthenticated ? (
            <div className="user-menu" ref={menuRef}>
              <button
                type="button"
                className="btn btn-ghost"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((open) => !open)}
              >
                <span className="avatar" aria-hidden="true">
                  {user?.name.charAt(0).toUpperCase() ?? '?'}
                </span>
                <span className="user-menu-name" title={user?.name}>
                  {user?.name}
                </span>
              </button>
              {menuOpen && (
                <div className="user-menu-panel" role="menu">
                  <Link role="menuitem" to="/dashboard">
                    Dashboard
                  </Link>
                  <Link role="menuitem" to="/account">
                    Account
                  </Link>
                  <button role="menuitem" type="button" onClick={onLogout}>
                    Logout
                  </button>
                </div>
              )}
            </div>
          ) : (
            <Link to="/login" className="btn btn-primary">
              Sign In
            </Link>
          )}
        </div>
        <button
          type="button"
          className="btn btn-ghost navbar-toggle"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <span aria-hidden="true">{mobileOpen ? '✕' : '☰'}</span>
        </button>
      </nav>
      {mobileOpen && (
        <div id="mobile-menu" className="mobile-menu container">
          {links}
          {isAuthenticated ? (
            <>
              <span className="muted">Signed in as {user?.name}</span>
              <NavLink to="/account">Account</NavLink>
              <button type="button" className="btn" onClick={onLogout}>
                Logout
              </button>
            </>
          ) : (
            <Link to="/login" className="btn btn-primary">
              Sign In
            </Link>
          )}
        </div>
      )}
    </header>
  );
}
