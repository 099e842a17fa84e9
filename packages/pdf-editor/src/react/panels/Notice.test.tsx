// The editor's own notice: a failed download or a refused tool is never silent when the host has
// no handler, and a host with a handler gets the error instead of the notice.
import { act, createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PdfEditor } from '../PdfEditor';
import type { PdfEditorHandle, PdfEditorProps } from '../PdfEditor';
import { renderInDocument } from '../../test-support/renderInDocument';

function mount(props: PdfEditorProps = {}) {
  const ref = createRef<PdfEditorHandle>();
  const { container } = renderInDocument(<PdfEditor ref={ref} {...props} />);
  return { container, api: () => ref.current as PdfEditorHandle, alert: () => container.querySelector('[role="alert"]') };
}

describe('the editor notice', () => {
  it('shows exportFailed with the reason when a download fails and the host has no onError, until dismissed', async () => {
    const { api, alert } = mount();
    expect(alert()).toBeNull();
    let downloaded: boolean | undefined;
    await act(async () => {
      downloaded = await api().download();
    });
    expect(downloaded).toBe(false);
    expect(alert()?.textContent).toContain('Failed to download PDF');
    expect(alert()?.textContent).toContain('No PDF loaded');
    const dismiss = [...(alert()?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Dismiss');
    act(() => dismiss?.click());
    expect(alert()).toBeNull();
  });

  it('uses the host messages', async () => {
    const { api, alert } = mount({ messages: { exportFailed: 'Échec du téléchargement', dismiss: 'Fermer' } });
    await act(async () => void (await api().download()));
    expect(alert()?.textContent).toContain('Échec du téléchargement');
    expect(alert()?.querySelector('button')?.textContent).toBe('Fermer');
  });

  it('leaves the error to onError when the host passes one', async () => {
    const onError = vi.fn();
    const { api, alert } = mount({ onError });
    await act(async () => void (await api().download()));
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'No PDF loaded' }), 'download');
    expect(alert()).toBeNull();
  });

  it('shows upgradeRequired when the gate refuses a Pro tool and the host has no onGatePrompt', () => {
    const gate = { check: () => ({ prompt: 'pro-feature' as const, message: '' }) };
    const { api, alert } = mount({ gate });
    let chosen: boolean | undefined;
    act(() => {
      chosen = api().setTool('signature');
    });
    expect(chosen).toBe(false);
    expect(alert()?.textContent).toContain('Upgrade to Pro to use this feature');
  });

  it('leaves a gate prompt to onGatePrompt when the host passes one', () => {
    const onGatePrompt = vi.fn();
    const gate = { check: () => ({ prompt: 'pro-feature' as const, message: 'Pro only' }) };
    const { api, alert } = mount({ gate, onGatePrompt });
    act(() => void api().setTool('signature'));
    expect(onGatePrompt).toHaveBeenCalledOnce();
    expect(alert()).toBeNull();
  });
});
