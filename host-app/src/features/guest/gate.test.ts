import { describe, expect, it } from 'vitest';
import { decideGate, PRO_FEATURE_MESSAGE } from './gate';

describe('editor gate', () => {
  it('must prompt an upgrade for Pro tools on the free plan and for guests', () => {
    for (const tool of ['comment', 'signature']) {
      expect(decideGate({ type: 'tool', tool }, { isGuest: true, plan: null })).toEqual({
        prompt: 'pro-feature',
        message: PRO_FEATURE_MESSAGE,
      });
      expect(decideGate({ type: 'tool', tool }, { isGuest: false, plan: 'free' })).toMatchObject({ prompt: 'pro-feature' });
    }
  });

  it('must prompt an upgrade for text recognition on the free plan and for guests, and allow it on paid plans', () => {
    expect(decideGate({ type: 'ocr' }, { isGuest: true, plan: null })).toEqual({ prompt: 'pro-feature', message: PRO_FEATURE_MESSAGE });
    expect(decideGate({ type: 'ocr' }, { isGuest: false, plan: 'free' })).toEqual({ prompt: 'pro-feature', message: PRO_FEATURE_MESSAGE });
    expect(decideGate({ type: 'ocr' }, { isGuest: false, plan: 'personal' })).toBe('allow');
    expect(decideGate({ type: 'ocr' }, { isGuest: false, plan: 'team' })).toBe('allow');
  });

  it('must prompt an upgrade for the summary on the free plan and for guests, and open it on paid plans and trials', () => {
    expect(decideGate({ type: 'summary' }, { isGuest: true, plan: null })).toEqual({ prompt: 'pro-feature', message: PRO_FEATURE_MESSAGE });
    expect(decideGate({ type: 'summary' }, { isGuest: false, plan: 'free' })).toEqual({ prompt: 'pro-feature', message: PRO_FEATURE_MESSAGE });
    // A running trial: the server reports the plan it gives.
    expect(decideGate({ type: 'summary' }, { isGuest: false, plan: 'personal' })).toBe('allow');
    expect(decideGate({ type: 'summary' }, { isGuest: false, plan: 'team' })).toBe('allow');
  });

  it('must allow Pro tools on paid plans', () => {
    expect(decideGate({ type: 'tool', tool: 'signature' }, { isGuest: false, plan: 'team' })).toBe('allow');
  });

  it('must allow ordinary tools to everyone', () => {
    expect(decideGate({ type: 'tool', tool: 'freehand' }, { isGuest: true, plan: null })).toBe('allow');
  });

  it('must prompt guests on save and download, never signed-in users', () => {
    expect(decideGate({ type: 'save' }, { isGuest: true, plan: null })).toMatchObject({ prompt: 'save' });
    expect(decideGate({ type: 'download', watermark: false }, { isGuest: true, plan: null })).toMatchObject({ prompt: 'download' });
    expect(decideGate({ type: 'save' }, { isGuest: false, plan: 'free' })).toBe('allow');
    expect(decideGate({ type: 'download', watermark: false }, { isGuest: false, plan: 'free' })).toBe('allow');
  });

  it('must let guests download the watermarked copy the download prompt offers them', () => {
    expect(decideGate({ type: 'download', watermark: true }, { isGuest: true, plan: null })).toBe('allow');
  });
});
