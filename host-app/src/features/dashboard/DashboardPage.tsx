// Dashboard (spec section 2): greeting, usage figures from the server, recent documents.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { authApi } from '../../api/auth';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatSize } from '../../lib/format';
import { useAuthStore } from '../../stores/authStore';
import { ViewToggle, type CollectionView } from '../documents/DocumentCollection';
import { DocumentResults, DocumentSearch } from '../documents/DocumentResults';
import { useDebounced, useDocumentList } from '../documents/useDocumentList';
import { FREE_DAILY_UPLOADS } from '../documents/uploadRules';
import '../documents/documents.css';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const storedUser = useAuthStore((state) => state.user);
  const setUser = useAuthStore((state) => state.setUser);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<CollectionView>('grid');
  const query = useDebounced(search);

  const me = useQuery({ queryKey: ['me'], queryFn: authApi.me });
  const list = useDocumentList(1, query);

  useEffect(() => {
    if (me.data) setUser(me.data);
  }, [me.data, setUser]);
  useEffect(() => {
    if (list.isError) toast.error('Failed to load documents');
  }, [list.isError]);

  const user = me.data ?? storedUser;
  const usageLimit = user?.plan === 'free' ? String(FREE_DAILY_UPLOADS) : 'Unlimited';
  const documents = list.data?.documents ?? [];

  return (
    <div className="page container">
      <header className="toolbar-row">
        <div>
          <h1>Welcome back, {user?.name}!</h1>
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
            {list.data ? list.data.pagination.total : '—'}
          </p>
        </div>
        <div className="card">
          <p className="stat-label">Storage used</p>
          <p className="stat-value" data-testid="stat-storage">
            {user ? formatSize(user.storageUsed) : '—'}
          </p>
        </div>
        <Link to="/pricing" className="card stat-upgrade">
          <p className="stat-label">Unlimited edits, no watermark</p>
          <p className="stat-value">Upgrade to Pro</p>
        </Link>
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
