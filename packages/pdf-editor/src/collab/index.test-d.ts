// Type tests of the presence API: the awareness a Yjs provider hands out and the editor createEditor
// makes fit it as they are, with no cast and no third-party type in its signature.
import { describe, expectTypeOf, it } from 'vitest';
import type { Awareness } from 'y-protocols/awareness';
import type { Editor } from '../editor/index';
import { connectPresence } from './index';
import type { PresenceAwareness, PresenceEditor } from './index';

describe('connectPresence', () => {
  it("takes y-protocols' Awareness (HocuspocusProvider's provider.awareness) as its awareness", () => {
    expectTypeOf<Awareness>().toExtend<PresenceAwareness>();
  });

  it('takes an editor made by createEditor', () => {
    expectTypeOf<Editor>().toExtend<PresenceEditor>();
    expectTypeOf(connectPresence).parameter(0).toEqualTypeOf<PresenceEditor>();
  });
});
