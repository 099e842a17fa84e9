// /editor?tool={id}: one of the essential tools, with links to the others. Everything runs in the
// browser; nothing is uploaded unless a signed-in user saves the result.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useToastAreaOf } from '../../components/toastArea';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useAuthStore } from '../../stores/authStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { GUEST_DAILY_EDITS } from '../guest/editCounter';
import { LoginPromptModal } from '../guest/LoginPromptModal';
import { MergeTool } from './MergeTool';
import { ProtectTool } from './ProtectTool';
import { RotateTool } from './RotateTool';
import { SplitTool } from './SplitTool';
import { TOOLS, toolPath, type ToolId } from './toolIds';
import './tools.css';

const TOOL_VIEWS: Record<ToolId, () => React.JSX.Element> = {
  merge: MergeTool,
  split: SplitTool,
  rotate: RotateTool,
  protect: ProtectTool,
};

export function ToolPage({ tool }: { tool: ToolId }) {
  const { title } = TOOLS.find((entry) => entry.id === tool)!;
  useDocumentTitle(title);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const trigger = useGuestPrompts((state) => state.loginTrigger);
  const close = useGuestPrompts((state) => state.close);
  const View = TOOL_VIEWS[tool];
  const root = useRef<HTMLDivElement>(null);
  useToastAreaOf(root);
  return (
    <div className="page container tool-page" ref={root}>
      <nav className="row tool-tabs" aria-label="PDF tools" data-toasts-below>
        {TOOLS.map((entry) => (
          <Link
            key={entry.id}
            to={toolPath(entry.id)}
            className={`btn btn-sm${entry.id === tool ? ' btn-primary' : ''}`}
            aria-current={entry.id === tool ? 'page' : undefined}
          >
            {entry.title} {entry.pro && <span className="badge badge-pro">PRO</span>}
          </Link>
        ))}
      </nav>
      <h1>{title}</h1>
      {!isAuthenticated && tool !== 'protect' && (
        <p className="muted">
          Runs in your browser. As a guest, taking a result (download, or open in the editor) uses one of your{' '}
          {GUEST_DAILY_EDITS} free edits a day.
        </p>
      )}
      <View key={tool} />
      {trigger && <LoginPromptModal trigger={trigger} onClose={close} saveWork={() => undefined} />}
    </div>
  );
}
