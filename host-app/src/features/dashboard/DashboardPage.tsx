// Dashboard (spec section 2): greeting, usage figures from the server, recent documents.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { notifyFailure } from '../../lib/notify';
import { ViewToggle, type CollectionView } from '../documents/DocumentCollection';
import { DocumentResults, DocumentSearch } from '../documents/DocumentResults';
import { useDebounced, useDocumentList } from '../documents/useDocumentList';
import { FREE_DAILY_UPLOADS } from '../documents/uploadRules';
import { planLabel, trialNote } from '../plans/planStatus';
import { useAccount } from '../plans/useAccount';
import { greeting } from './greeting';
import { STORAGE_FULL_NOTE, storageSummary } from './storage';
import '../documents/documents.css';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<CollectionView>('grid');
  const query = useDebounced(search);

  const user = useAccount();
  const list = useDocumentList(1, query);
  // The card counts every document, whatever the search box filters (same query key when not searching).
  const all = useDocumentList(1, '');

  useEffect(() => {
    if (list.isError) notifyFailure(list.error, 'Failed to load documents');
  }, [list.isError, list.error]);

  const trial = user ? trialNote(user) : null;
  const storage = user ? storageSummary(user) : null;
  const usageLimit = user?.plan === 'free' ? String(FREE_DAILY_UPLOADS) : 'Unlimited';
  const documents = list.data?.documents ?? [];

  return (
    <div className="page container">
      <header className="toolbar-row">
        <div>
          <h1>{user ? greeting(user) : 'Welcome!'}</h1>
          <p className="muted">Here is what is happening with your documents.</p>
        </div>
        <Link to="/editor" className="btn btn-primary">
          New Document
        </Link>
      </header>

      <section className="stat-cards" aria-label="Account overview">
        <div className="card">
          <p className="stat-label">Today&apos;s usage</p>
          <p className="stat-value" data-testid="stat-usage">
            {user ? `${user.dailyUsage}/${usageLimit}` : '—'}
          </p>
        </div>
        <div className="card">
          <p className="stat-label">Total documents</p>
          <p className="stat-value" data-testid="stat-total">
            {all.data ? all.data.pagination.total : '—'}
          </p>
        </div>
        <div className="card">
          <p className="stat-label">Storage used</p>
          <p className="stat-value" data-testid="stat-storage">
            {storage ? storage.text : '—'}
          </p>
          {user && (
            <progress className="stat-meter" max={user.storageLimit} value={Math.min(user.storageUsed, user.storageLimit)} aria-label="Storage used" />
          )}
          {storage?.full && (
            <p className="muted" role="status" data-testid="stat-storage-full">
              {STORAGE_FULL_NOTE}
            </p>
          )}
        </div>
        <div className="card">
          <p className="stat-label">Plan</p>
          <p className="stat-value" data-testid="stat-plan">
            {user ? planLabel(user) : '—'}
          </p>
          {trial && (
            <p className="muted" data-testid="stat-trial">
              {trial}
            </p>
          )}
        </div>
        {user?.plan === 'free' && (
          <Link to="/pricing" className="card stat-upgrade">
            <p className="stat-label">{user.trialEndsAt ? 'Signature and Comment tools' : 'Try Pro free for 14 days'}</p>
            <p className="stat-value">Upgrade to Pro</p>
          </Link>
        )}
      </section>

      <section aria-labelledby="recent-title">
        <div className="toolbar-row">
          <h2 id="recent-title">Recent Documents</h2>
          <div className="row">
            <DocumentSearch id="dashboard-search" value={search} onChange={setSearch} />
            <ViewToggle view={view} onChange={setView} />
          </div>
        </div>
        <DocumentResults
          pending={list.isPending}
          documents={documents.slice(0, 8)}
          view={view}
          query={query}
          headingLevel="h3"
          firstStep={
            <Link to="/documents" className="btn btn-primary">
              Upload your first document
            </Link>
          }
        />
      </section>
    </div>
  );
}
